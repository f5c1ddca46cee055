// The one phone rule (src/lib/phone, docs/decisions/064-phone-numbers.md): what people type, read into E.164
// for the selected country or the other home country; what is refused; and the one display of a stored
// number, in national format with an E.164 tel: link.
import { describe, expect, it } from 'vitest'
import { formatPhone as formatFromFormat, telHref as telFromFormat } from '../../src/lib/format'
import { formatPhone, isRealtorPhone, parsePhone, phoneDisplay, phoneMessageKey, telHref } from '../../src/lib/phone'

describe('parsePhone', () => {
  it.each([
    '(404) 555-7788',
    '404 555 7788',
    '+1 404-555-7788',
    '404.555.7788',
    '404-555-7788',
    '4045557788',
    '1 404 555 7788',
    ' 404-555-7788 ',
  ])('reads %j with US selected as +14045557788', (typed) => {
    expect(parsePhone(typed, 'US')).toEqual({ e164: '+14045557788', region: 'US' })
  })

  it.each(['010-1234-5678', '01012345678', '010 1234 5678', '+82 10 1234 5678', '+82-10-1234-5678'])(
    'reads %j with KR selected as +821012345678',
    (typed) => {
      expect(parsePhone(typed, 'KR')).toEqual({ e164: '+821012345678', region: 'KR' })
    },
  )

  it('takes a number written the other home country’s way as that country', () => {
    // A Korean-American buyer on a Korean page, KR selected, types a US number.
    expect(parsePhone('(404) 555-7788', 'KR')).toEqual({ e164: '+14045557788', region: 'US' })
    expect(parsePhone('4155557788', 'KR')).toEqual({ e164: '+14155557788', region: 'US' })
    // A Korean mobile with US selected.
    expect(parsePhone('010-1234-5678', 'US')).toEqual({ e164: '+821012345678', region: 'KR' })
    // The region the number really is: a Toronto number with US or KR selected is Canadian.
    expect(parsePhone('416-555-0100', 'KR')).toEqual({ e164: '+14165550100', region: 'CA' })
  })

  it('lets a leading + decide the country, whatever is selected', () => {
    expect(parsePhone('+81 90-1234-5678', 'US')).toEqual({ e164: '+819012345678', region: 'JP' })
    expect(parsePhone('+1 404 555 7788', 'KR')).toEqual({ e164: '+14045557788', region: 'US' })
  })

  it('reads the selected country’s own numbers (JP, CN) and full-width digits', () => {
    expect(parsePhone('090-1234-5678', 'JP')).toEqual({ e164: '+819012345678', region: 'JP' })
    expect(parsePhone('138 0013 8000', 'CN')).toEqual({ e164: '+8613800138000', region: 'CN' })
    expect(parsePhone('０１０-１２３４-５６７８', 'KR')).toEqual({ e164: '+821012345678', region: 'KR' })
  })

  it.each([
    ['abc', 'US'],
    ['123', 'US'],
    ['9'.repeat(25), 'US'],
    ['+999 1234 5678', 'US'],
    ['+1 404 555 778', 'US'],
    ['404-555-7788 x12', 'US'],
    ['404-555-7788 call me', 'US'],
    ['tel:+14045557788', 'US'],
    ['123-456-7890', 'US'],
    ['', 'KR'],
    ['010-123', 'KR'],
    ['=1+2', 'US'],
  ])('refuses %j (%s selected)', (typed, region) => {
    expect(parsePhone(typed, region)).toBeNull()
  })

  it('never guesses another country from digits that country would not write that way', () => {
    // Valid as a US number with its area code's 1 dropped? No: refused with US selected.
    expect(parsePhone('123-456-7890', 'US')).toBeNull()
    expect(parsePhone('416-555-010', 'CA')).toBeNull()
  })
})

describe('isRealtorPhone', () => {
  it('takes any +1 number and Korean mobiles, in any common format', () => {
    for (const phone of ['(949) 555-0142', '949.555.0142', '+1 416 555 0100', '010-1234-5678', '+82 11 1234 5678'])
      expect(isRealtorPhone(phone), phone).toBe(true)
    for (const phone of ['02-123-4567', '031-123-4567', '+81 90 1234 5678', '090-1234-5678', '949-555-014', 'x'])
      expect(isRealtorPhone(phone), phone).toBe(false)
  })
})

describe('the display of a stored number', () => {
  it('shows US and Korean numbers as their country writes them, dialled as E.164', () => {
    expect(phoneDisplay('+14045557788')).toEqual({ text: '(404) 555-7788', href: 'tel:+14045557788' })
    expect(phoneDisplay('+821012345678')).toEqual({ text: '010-1234-5678', href: 'tel:+821012345678' })
    expect(phoneDisplay('+14165550100')).toEqual({ text: '(416) 555-0100', href: 'tel:+14165550100' })
  })

  it('shows other countries’ numbers with + so they dial from anywhere', () => {
    expect(phoneDisplay('+819012345678')).toEqual({ text: '+81 90 1234 5678', href: 'tel:+819012345678' })
  })

  it('reads legacy digits and a realtor’s own form, and leaves text that is no number as it is', () => {
    expect(formatPhone('4045557788')).toBe('(404) 555-7788')
    expect(formatPhone('01012345678')).toBe('010-1234-5678')
    expect(formatPhone('949-555-0142')).toBe('(949) 555-0142')
    expect(formatPhone('09012345678', 'JP')).toBe('+81 90 1234 5678')
    expect(formatPhone(' Call the office ')).toBe('Call the office')
    expect(telHref('Call the office')).toBeNull()
    expect(telHref('javascript:alert(1)')).toBeNull()
    expect(telHref('+10123456789')).toBeNull()
    expect(formatPhone('+10123456789')).toBe('+10123456789')
  })

  it('is the same through src/lib/format’s names, which other helpers call', () => {
    expect(formatFromFormat('+14045557788')).toBe('(404) 555-7788')
    expect(formatFromFormat('4045557788')).toBe('(404) 555-7788')
    expect(telFromFormat('+821012345678')).toBe('tel:+821012345678')
    expect(telFromFormat('none')).toBeNull()
  })
})

describe('phoneMessageKey', () => {
  it('names the selected region’s format: +1 regions, Korea, any other', () => {
    expect(['US', 'CA', 'PR', 'KR', 'JP', 'AQ'].map(phoneMessageKey)).toEqual([
      'phone_us',
      'phone_us',
      'phone_us',
      'phone_kr',
      'phone_other',
      'phone_other',
    ])
  })
})
