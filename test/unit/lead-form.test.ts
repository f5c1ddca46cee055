import { describe, expect, it } from 'vitest'
import { filterPhone } from '../../src/lib/leads/form'
import { escapeSlack, slackPayload } from '../../src/lib/leads/slack'

describe('filterPhone', () => {
  it.each([
    ['949-555-0100', '949-555-0100', false],
    ['010 1234 5678', '01012345678', true],
    ['(949) 555-0100', '949555-0100', true],
    ['abc', '', true],
    ['１２３', '', true],
    ['', '', false],
  ])('keeps only digits and hyphens of %j', (typed, value, rejected) => {
    expect(filterPhone(typed)).toEqual({ value, rejected })
  })
})

describe('the Slack message', () => {
  it('escapes &, < and > and nothing else', () => {
    expect(escapeSlack('<!here> & <@U1|x> *bold*')).toBe('&lt;!here&gt; &amp; &lt;@U1|x&gt; *bold*')
  })

  it('lists every field of the lead', () => {
    const { text } = slackPayload({
      id: 7,
      name: 'Jane',
      area: 'Suwanee, GA',
      phone: '678-555-0101',
      hasSite: 'yes',
      locale: 'en',
      createdAt: '2026-11-22T10:00:00.000Z',
    })
    expect(text.split('\n')).toEqual([
      'New realtor lead #7 (en)',
      'Name: Jane',
      'Area: Suwanee, GA',
      'Phone: 678-555-0101',
      'Has a homepage: Yes',
      'Received: 2026-11-22T10:00:00.000Z',
    ])
  })
})
