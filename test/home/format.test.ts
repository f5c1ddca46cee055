import { describe, expect, it } from 'vitest'
import {
  formatCompact,
  formatListingDate,
  formatPhone,
  formatPrice,
  formatThousands,
  monthName,
  telHref,
  weekdayName,
} from '../../src/lib/format'

describe('formatting helpers (docs/product.md §9)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [-45000, '-45,000'],
    [1234.5, '1,234.5'],
  ])('puts thousands commas in %s', (value, expected) => expect(formatThousands(value)).toBe(expected))

  it.each([
    [999_999, '999,999'],
    [1_000_000, '1.00M'],
    [12_345_678, '12.35M'],
    [999_999_999, '1000.00M'],
    [1_000_000_000, '1.00B'],
    [12_500_000_000, '12.50B'],
    [Number.NaN, '0'],
  ])('shortens %s with M for 7-9 digits and B for 10+', (value, expected) =>
    expect(formatCompact(value)).toBe(expected),
  )

  it('formats prices in dollars', () => {
    expect(formatPrice(1_250_000)).toBe('$1,250,000')
    expect(formatPrice(1_250_000, true)).toBe('$1.25M')
  })

  it('names weekdays and months with three English letters', () => {
    expect([0, 1, 6, 7].map(weekdayName)).toEqual(['Sun', 'Mon', 'Sat', 'Sun'])
    expect([0, 4, 11].map(monthName)).toEqual(['Jan', 'May', 'Dec'])
  })

  it('formats listing dates per locale', () => {
    expect(formatListingDate('2026-03-02T17:00:00Z', 'en')).toBe('Mon, Mar 2, 2026')
    expect(formatListingDate('2026-03-02T17:00:00Z', 'ko')).toBe('2026. 3. 2. (Mon)')
    expect(formatListingDate('not a date', 'en')).toBe('')
  })

  it('shows US and Korean phone numbers as their countries write them and dials them as E.164 (064)', () => {
    expect(formatPhone('9495550142')).toBe('(949) 555-0142')
    expect(formatPhone('+19495550142')).toBe('(949) 555-0142')
    expect(formatPhone('010-1234-5678')).toBe('010-1234-5678')
    expect(formatPhone('01012345678')).toBe('010-1234-5678')
    // Not a number: shown as written, never dialled.
    expect(formatPhone('+82 2 123')).toBe('+82 2 123')
    expect(telHref('+82 2 123')).toBeNull()
    expect(telHref('(949) 555-0142')).toBe('tel:+19495550142')
    expect(telHref('javascript:alert(1)')).toBeNull()
    expect(telHref('none')).toBeNull()
  })

  it("dials a Korean mobile from anywhere: +82 without the leading 0 (a realtor in Korea's contactPhone)", () => {
    expect(telHref('010-1234-5678')).toBe('tel:+821012345678')
    expect(telHref('01112345678')).toBe('tel:+821112345678')
    expect(telHref('+82-10-1234-5678')).toBe('tel:+821012345678')
  })
})
