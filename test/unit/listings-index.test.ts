// Which index a listings request reads (src/lib/listings/source.ts, docs/decisions/062-listings-photo-indexes.md)
// and the §9 county a city lies in (src/lib/listings/markets.ts): one lookup for the API and the city picker.
import { describe, expect, it } from 'vitest'
import { countyOfCity } from '../../src/lib/listings/markets'
import { homeListIndex } from '../../src/lib/listings/source'

describe('countyOfCity', () => {
  it('names the §9 county of a §9 city by its own spelling, and none for another', () => {
    expect(countyOfCity('Irvine')).toMatchObject({ state: 'CA', county: 'Orange' })
    expect(countyOfCity('Suwanee')).toMatchObject({ state: 'GA', county: 'Gwinnett' })
    expect(countyOfCity('irvine')).toBeUndefined()
    expect(countyOfCity('Duluth')).toBeUndefined()
  })
})

describe('homeListIndex', () => {
  const q = { propertyType: 'all', propertyStatus: 'all', county: undefined, isImageNull: 'N' } as const
  it('reads the photo-only index of the filters’ shape when photos are asked for, else every home’s', () => {
    expect(homeListIndex(q)).toBe('listings_city_photo')
    expect(homeListIndex({ ...q, isImageNull: 'Y' })).toBe('listings_city_newest')
    expect(homeListIndex({ ...q, propertyType: 'condo' })).toBe('listings_type_photo')
    expect(homeListIndex({ ...q, propertyStatus: 'active' })).toBe('listings_status_photo')
    expect(homeListIndex({ ...q, propertyType: 'condo', propertyStatus: 'active', isImageNull: 'Y' })).toBe(
      'listings_search',
    )
    expect(homeListIndex({ ...q, county: 'Orange' })).toBe('listings_county_photo')
  })
})
