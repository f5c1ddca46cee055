import { describe, expect, it } from 'vitest'
import { escapeSlack, slackPayload } from '../../src/lib/leads/slack'
import { filterPhone } from '../../src/lib/phone/input'

describe('filterPhone', () => {
  it.each([
    ['949-555-0100', '949-555-0100', false],
    ['010 1234 5678', '010 1234 5678', false],
    ['(949) 555-0100', '(949) 555-0100', false],
    ['+1 949.555.0100', '+1 949.555.0100', false],
    ['949-CALL-NOW', '949--', true],
    ['abc', '', true],
    // A Korean keyboard's full-width digits are digits.
    ['１２３', '123', false],
    ['', '', false],
  ])('keeps the characters of a written number of %j', (typed, value, rejected) => {
    expect(filterPhone(typed)).toEqual({ value, rejected })
  })
})

describe('the Slack message', () => {
  it('escapes &, < and > and nothing else', () => {
    expect(escapeSlack('<!here> & <@U1|x> *bold*')).toBe('&lt;!here&gt; &amp; &lt;@U1|x&gt; *bold*')
  })

  it('lists every field of the lead, the phone as the inbox shows it', () => {
    const { text } = slackPayload({
      id: 7,
      name: 'Jane',
      area: 'Suwanee, GA',
      phone: '+16785550101',
      hasSite: 'yes',
      locale: 'en',
      createdAt: '2026-11-22T10:00:00.000Z',
    })
    expect(text.split('\n')).toEqual([
      'New realtor lead #7 (en)',
      'Name: Jane',
      'Area: Suwanee, GA',
      'Phone: (678) 555-0101',
      'Has a homepage: Yes',
      'Received: 2026-11-22T10:00:00.000Z',
    ])
  })
})
