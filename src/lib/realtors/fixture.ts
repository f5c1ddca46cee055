// A small in-memory RealtorStore: the foundation's stand-in until the D1 store is configured, and
// the fixture of unit tests that need realtors without a database.
import type { RealtorStore } from './store'
import type { Realtor } from './types'

const seo = (title: string, description: string) => ({ title, description, keywords: 'realtor', author: title })

export function fixtureRealtor(overrides: Partial<Realtor> & Pick<Realtor, 'id' | 'desiredUrl' | 'name'>): Realtor {
  return {
    userId: null,
    contactPhone: '',
    email: '',
    kakaoLink: '',
    photos: [],
    etcInfo: [],
    activityRegion: [],
    snsYoutubeUrl: '',
    snsInstagramUrl: '',
    aboutMeKr: '',
    aboutMeEn: '',
    salesCount: 0,
    licenseNumber: '',
    careerStart: '',
    careerEnd: '',
    designFontSize: 16,
    designMainColor: '#1f4e79',
    designMainDarkMode: 'N',
    contentDarkMode: 'N',
    isMakeHomepage: 'Y',
    hompageUrl: '',
    lastYearSalesTotal: 0,
    recommendedYoutubeUrl: '',
    additionalSections: [],
    seoMeta: { ko: seo(overrides.name, ''), en: seo(overrides.name, '') },
    madeForRealtor: 'Y',
    ppProfileId: '',
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
  const host = hostOf(key)
  return (
    realtors.find(
      (r) =>
        String(r.id) === key ||
        r.desiredUrl.toLowerCase() === key.toLowerCase() ||
        (host !== null && hostOf(r.hompageUrl) === host),
    ) ?? null
  )
}

function hostOf(value: string): string | null {
  if (!/^https?:\/\//i.test(value)) return null
  try {
    return new URL(value).hostname.replace(/^www\./, '')
  } catch {
    return null
  }
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
