// A small in-memory RealtorStore: the fixture of tests that need realtors without a database (and,
// stored in D1, the realtors every test file starts with: test/fixtures/realtors.ts).
import { homepageHostOf } from './d1-store'
import { REALTOR_DEFAULTS } from './schema'
import type { RealtorStore } from './store'
import type { Realtor } from './types'

const seo = (title: string, description: string) => ({ title, description, keywords: 'realtor', author: title })

export function fixtureRealtor(overrides: Partial<Realtor> & Pick<Realtor, 'id' | 'desiredUrl' | 'name'>): Realtor {
  return {
    userId: null,
    ...REALTOR_DEFAULTS,
    isMakeHomepage: 'Y',
    madeForRealtor: 'Y',
    seoMeta: { ko: seo(overrides.name, ''), en: seo(overrides.name, '') },
    ...overrides,
  }
}

export const FIXTURE_REALTORS: Realtor[] = [
  fixtureRealtor({
    id: 1,
    desiredUrl: 'equityrealty',
    name: 'Equity Realty',
    hompageUrl: 'https://equityrealty.example',
    activityRegion: [{ state: 'CA', city: 'Irvine', neighborhood: 'Woodbridge', zipcode: '92604' }],
  }),
  fixtureRealtor({
    id: 2,
    desiredUrl: 'janekim',
    name: 'Jane Kim',
    hompageUrl: 'https://janekim.example',
    activityRegion: [{ state: 'GA', city: 'Johns Creek', neighborhood: 'Medlock Bridge', zipcode: '30097' }],
  }),
]

/** Finds a realtor by id, desiredUrl (case-insensitive) or homepage host. */
export function matchRealtor(realtors: readonly Realtor[], key: string): Realtor | null {
  const host = homepageHostOf(key)
  return (
    realtors.find(
      (r) =>
        String(r.id) === key ||
        r.desiredUrl.toLowerCase() === key.toLowerCase() ||
        (host !== null && homepageHostOf(r.hompageUrl) === host),
    ) ?? null
  )
}

export function fixtureStore(realtors: readonly Realtor[] = FIXTURE_REALTORS): RealtorStore {
  return {
    async find(key) {
      return matchRealtor(realtors, key)
    },
    async list({ limit = 10 } = {}) {
      return realtors.slice(0, limit)
    },
  }
}
