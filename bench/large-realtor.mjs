// The bench's large realtor (issue 20, docs/decisions/058-render-at-scale.md): a realistic homepage at the
// size a busy realtor reaches — 15 homes in each of the 4 deal tabs, 20 gallery photos, 20 additional
// sections and long about-me texts in both languages. It is written into the bench's own state only
// (never the demo seed, so demo visitors never see it), made from equityrealty's seeded profile, and its
// photos are the seed's own (shared from that small pool, so nothing is generated).
import { localPlatform } from '../scripts/local-platform.mjs'

export const LARGE_REALTOR = 'bench-large'
const ID = 9001
const LICENSE = 'DRE #02099001'
const DEAL_TYPES = ['sale', 'rent', 'sold', 'rented']
const HOMES_PER_TAB = 15
const CITIES = [
  ['Orange', 'Irvine', '92618'],
  ['Orange', 'Tustin', '92782'],
  ['Orange', 'Newport Beach', '92657'],
  ['Orange', 'Lake Forest', '92630'],
  ['Los Angeles', 'Torrance', '90503'],
]
const STREETS = ['Canyon View Ln', 'Harvard Ave', 'Sandpiper', 'Spectrum Dr', 'Orchard Way', 'Culver Dr']
const TYPES = ['single_family', 'condo', 'townhouse']

const ABOUT_KO = [
  '안녕하세요, 오렌지카운티에서 20년 가까이 한인 가정의 내 집 마련을 도와 온 리얼터입니다.',
  '어바인, 터스틴, 뉴포트비치의 학군과 동네 분위기를 직접 살아 보며 익혔고, 처음 집을 사시는 분께는 융자 사전 승인부터 에스크로 마감까지 단계마다 한국어로 설명해 드립니다.',
  '투자용 부동산을 찾으시는 분께는 임대 수익과 관리비, 재산세를 꼼꼼히 비교한 자료를 준비해 드리고, 집을 파시는 분께는 최근 거래 사례를 바탕으로 현실적인 가격을 함께 정합니다.',
  '주말에도 오픈 하우스를 함께 다니며, 계약 뒤에도 이사와 입주 후 관리까지 끝까지 챙겨 드리겠습니다.',
]
const ABOUT_EN = [
  'I have helped Korean-American families in Orange County buy and sell homes for almost twenty years.',
  'I know the schools and neighbourhoods of Irvine, Tustin and Newport Beach from living in them, and I walk first-time buyers through every step, from pre-approval to the close of escrow, in English or Korean.',
  'For investors I prepare side-by-side figures of rent, association dues and property tax; for sellers, a realistic price from the latest sales around them.',
  'I go to open houses with you on weekends, and I stay with you after the contract, through the move and beyond.',
]
const SECTION_TITLES = [
  '어바인 학군 안내',
  '첫 집 구매 프로그램',
  '투자용 부동산 분석',
  '에스크로 진행 순서',
  '융자 사전 승인 준비',
  '오픈 하우스 일정',
  '콘도와 타운하우스 비교',
  '재산세와 관리비',
  '이사 체크리스트',
  '주택 점검 안내',
  'Relocation guide',
  'Selling your home',
  'Pricing with recent sales',
  'Staging and photos',
  'Negotiating offers',
  'Closing costs explained',
  'Rental management',
  'New construction',
  'Senior downsizing',
  'Client stories',
]
const SECTION_KO =
  '지역별 최근 거래 가격과 학교 배정, 통근 시간을 한눈에 비교할 수 있도록 정리했습니다. 궁금한 점은 언제든지 편하게 연락 주세요. 상황에 맞는 방법을 함께 찾아 드리겠습니다.'
const SECTION_EN =
  'A one-page summary of recent sale prices, school assignments and commute times by neighbourhood. Call or message me any time: we will work out what fits your family and your budget.'

/** equityrealty's profile, enlarged to the sizes. */
function largeProfile(base) {
  const photos = base.photos.filter((photo) => photo.path !== 'gallery')
  const pool = base.photos.filter((photo) => photo.path === 'gallery')
  for (let i = 0; i < 20; i++) photos.push({ ...pool[i % pool.length] })
  return {
    ...base,
    photos,
    etcInfo: base.etcInfo.map((info) =>
      info.contentType === 'home_list_realtor' ? { ...info, content: LICENSE } : info,
    ),
    licenseNumber: LICENSE,
    aboutMeKr: [...ABOUT_KO, ...ABOUT_KO, ...ABOUT_KO].join(' '),
    aboutMeEn: [...ABOUT_EN, ...ABOUT_EN, ...ABOUT_EN].join(' '),
    additionalSections: SECTION_TITLES.map((title, i) => ({
      title,
      content: i < 10 ? `${SECTION_KO} ${SECTION_KO}` : `${SECTION_EN} ${SECTION_EN}`,
    })),
    isMakeHomepage: 'Y',
    hompageUrl: '',
  }
}

/** 15 homes of the realtor's own in each deal tab, in the §9 cities of its market. */
function listingRows(imageUrls) {
  const rows = []
  DEAL_TYPES.forEach((dealType, tab) => {
    for (let i = 0; i < HOMES_PER_TAB; i++) {
      const n = tab * HOMES_PER_TAB + i
      const [county, city, zipcode] = CITIES[n % CITIES.length]
      const rent = dealType === 'rent' || dealType === 'rented'
      rows.push([
        900_001 + n,
        dealType,
        TYPES[n % TYPES.length],
        dealType === 'sold' || dealType === 'rented' ? 'closed' : 'active',
        'crmls',
        LICENSE,
        'CA',
        county,
        city,
        `${100 + n * 7} ${STREETS[n % STREETS.length]}`,
        zipcode,
        rent ? 2_800 + n * 45 : 890_000 + n * 23_500,
        2 + (n % 4),
        1 + (n % 3),
        1_100 + n * 37,
        imageUrls[n % imageUrls.length],
        new Date(Date.UTC(2026, 9, 30) - n * 86_400_000).toISOString(),
      ])
    }
  })
  return rows
}

/** Writes the large realtor and its listings into the local state at `state` (idempotent). */
export async function seedLargeRealtor(state) {
  const proxy = await localPlatform(state)
  try {
    const db = proxy.env.DB
    const base = await db.prepare("SELECT profile FROM realtors WHERE desired_url = 'equityrealty'").first()
    if (!base) throw new Error('the seed has no equityrealty to make the large realtor from')
    const profile = largeProfile(JSON.parse(base.profile))
    const images = profile.photos.filter((photo) => photo.path === 'gallery').map((photo) => photo.url)
    const insert = db.prepare(
      `INSERT OR REPLACE INTO listings (id, deal_type, property_type, property_status, market, agent_license, state,
        county, city, address, zipcode, price, beds, baths, sqft, image_url, listed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    await db.batch([
      db
        .prepare(
          'INSERT OR REPLACE INTO realtors (id, user_id, desired_url, homepage_host, profile) VALUES (?, NULL, ?, NULL, ?)',
        )
        .bind(ID, LARGE_REALTOR, JSON.stringify(profile)),
      ...listingRows(images).map((row) => insert.bind(...row)),
    ])
  } finally {
    await proxy.dispose()
  }
}
