// The scale bench's generated data (docs/decisions/056-scale-bench.md): realtors with Korean and English
// names in the docs/product.md §9 cities, their accounts, domains, contacts and page views as multi-row
// INSERTs, and the homes as INSERT … SELECT statements SQLite expands itself (a recursive counter), so a
// million rows never cross the wire. Deterministic: the same size gives the same rows, and the traffic
// (bench/scale/traffic.mjs) derives each realtor's address, domain and license from its id alone.

/** Bumped whenever the generated data changes: a seeded state of another version is seeded again. */
export const GENERATOR_VERSION = 4

export const SIZES = {
  small: { realtors: 1_000, homes: 100_000 },
  large: { realtors: 10_000, homes: 1_000_000 },
}

/** §9's cities: county, state, market and a zip code each. */
export const CITIES = [
  { city: 'Irvine', county: 'Orange', state: 'CA', zip: '92618', ko: '어바인', weight: 16 },
  { city: 'Newport Beach', county: 'Orange', state: 'CA', zip: '92660', ko: '뉴포트비치', weight: 8 },
  { city: 'Lake Forest', county: 'Orange', state: 'CA', zip: '92630', ko: '레이크 포레스트', weight: 6 },
  { city: 'Rancho Mission Viejo', county: 'Orange', state: 'CA', zip: '92694', ko: '란초 미션비에호', weight: 4 },
  { city: 'Tustin', county: 'Orange', state: 'CA', zip: '92782', ko: '터스틴', weight: 6 },
  { city: 'Los Angeles', county: 'Los Angeles', state: 'CA', zip: '90010', ko: '로스앤젤레스', weight: 20 },
  { city: 'La Cañada Flintridge', county: 'Los Angeles', state: 'CA', zip: '91011', ko: '라캬나다', weight: 5 },
  { city: 'La Crescenta-Montrose', county: 'Los Angeles', state: 'CA', zip: '91214', ko: '라크레센타', weight: 5 },
  { city: 'Beverly Hills', county: 'Los Angeles', state: 'CA', zip: '90210', ko: '베벌리힐스', weight: 6 },
  { city: 'Hancock Park', county: 'Los Angeles', state: 'CA', zip: '90004', ko: '행콕파크', weight: 4 },
  { city: 'Johns Creek', county: 'Fulton', state: 'GA', zip: '30097', ko: '존스크릭', weight: 8 },
  { city: 'Alpharetta', county: 'Fulton', state: 'GA', zip: '30005', ko: '알파레타', weight: 6 },
  { city: 'Suwanee', county: 'Gwinnett', state: 'GA', zip: '30024', ko: '스와니', weight: 6 },
]
/** 100 slots by weight: `CITY_SLOTS[n % 100]` picks a city, the same way in JS and in SQL. */
export const CITY_SLOTS = CITIES.flatMap((city, index) => Array(city.weight).fill(index))

const SURNAMES = [
  ['김', 'Kim'],
  ['이', 'Lee'],
  ['박', 'Park'],
  ['최', 'Choi'],
  ['정', 'Jung'],
  ['강', 'Kang'],
  ['조', 'Cho'],
  ['윤', 'Yoon'],
  ['장', 'Jang'],
  ['임', 'Lim'],
  ['한', 'Han'],
  ['오', 'Oh'],
  ['서', 'Seo'],
  ['신', 'Shin'],
  ['권', 'Kwon'],
  ['황', 'Hwang'],
]
const GIVEN = [
  ['민준', 'Minjun'],
  ['서연', 'Seoyeon'],
  ['지훈', 'Jihoon'],
  ['하은', 'Haeun'],
  ['도윤', 'Doyoon'],
  ['수아', 'Sua'],
  ['예준', 'Yejun'],
  ['지우', 'Jiwoo'],
  ['현우', 'Hyunwoo'],
  ['유진', 'Yujin'],
  ['성민', 'Sungmin'],
  ['은지', 'Eunji'],
  ['준호', 'Junho'],
  ['미영', 'Miyoung'],
  ['재원', 'Jaewon'],
  ['소희', 'Sohee'],
  ['David', 'David'],
  ['Grace', 'Grace'],
  ['Daniel', 'Daniel'],
  ['Sarah', 'Sarah'],
]
const COLORS = ['#1f4e79', '#0f5132', '#6f2c91', '#8a3b12', '#274060', '#2f4f4f', '#7a1f3d', '#1d3557']
/** The shared photo pool in R2 (seeded once): every profile and home points into it. */
export const PHOTO_POOL = [
  'logo-1',
  'logo-2',
  'portrait-1',
  'portrait-2',
  'banner-1',
  'banner-2',
  'house-1',
  'house-2',
  'house-3',
  'house-4',
  'house-5',
  'house-6',
]
const photo = (name) => `/photos/seed/pool/${name}.png`

/** A realtor's address: letters only (a desiredUrl has no digits), from its name and its id in base 26. */
export function realtorOf(id) {
  const [surKo, surEn] = SURNAMES[id % SURNAMES.length]
  const [givenKo, givenEn] = GIVEN[Math.floor(id / SURNAMES.length) % GIVEN.length]
  let tag = ''
  for (let n = id; n > 0; n = Math.floor(n / 26)) tag = String.fromCharCode(97 + (n % 26)) + tag
  const slug = `${givenEn}-${surEn}-${tag}`.toLowerCase()
  const city = CITIES[CITY_SLOTS[(id * 37) % 100]]
  const ca = city.state === 'CA'
  return {
    id,
    slug,
    nameKo: /^[A-Z]/.test(givenKo) ? `${givenKo} ${surKo}` : `${surKo}${givenKo}`,
    nameEn: `${givenEn} ${surEn}`,
    city,
    license: ca ? `DRE #0${2100000 + id}` : `GA #${400000 + id}`,
    market: ca ? 'crmls' : 'fmls',
    // 9 in 10 published; 1 in 20 of them with an active custom domain.
    published: id % 10 !== 7,
    host: id % 10 !== 7 && id % 20 === 3 ? `${slug}.homes.example` : null,
  }
}

function profileOf(r) {
  const color = COLORS[r.id % COLORS.length]
  const regions = [r.city, CITIES[CITY_SLOTS[(r.id * 53) % 100]]].filter(
    (c, i, all) => all.findIndex((o) => o.city === c.city) === i && c.state === r.city.state,
  )
  const gallery = Array.from({ length: 3 + (r.id % 4) }, (_, i) => ({
    path: 'gallery',
    imageType: 'fullsize',
    url: photo(`house-${((r.id + i) % 6) + 1}`),
  }))
  const years = 3 + (r.id % 20)
  const cityKo = regions.map((c) => c.ko).join(', ')
  const cityEn = regions.map((c) => c.city).join(', ')
  const sections = Array.from({ length: r.id % 5 }, (_, i) => ({
    title: ['학군 안내 / Schools', '첫 집 구매 / First homes', '융자 상담 / Financing', '투자용 부동산 / Investment'][
      i % 4
    ],
    content: `${r.city.city}: ${['school zones and recent sales', 'down-payment programs', 'loan options', 'rental yields'][i % 4]}.`,
  }))
  return {
    contactPhone: `${r.city.state === 'CA' ? 949 : 678}-555-${String(1000 + (r.id % 9000)).padStart(4, '0')}`,
    email: `${r.slug}@agents.example`,
    kakaoLink: `https://open.kakao.com/o/s${r.slug.replace(/-/g, '')}`,
    photos: [
      { path: 'logo', imageType: 'thumbnail', url: photo(`logo-${(r.id % 2) + 1}`) },
      { path: 'id', imageType: 'fullsize', url: photo(`portrait-${(r.id % 2) + 1}`) },
      { path: 'top', imageType: 'fullsize', url: photo(`banner-${(r.id % 2) + 1}`) },
      ...gallery,
      { path: 'favicon', imageType: 'thumbnail', url: photo(`logo-${(r.id % 2) + 1}`) },
    ],
    etcInfo: [
      { contentType: 'korea_name', content: r.nameKo },
      { contentType: 'company_address', content: `${100 + (r.id % 900)} Main St, ${r.city.city}, ${r.city.state}` },
      { contentType: 'company_license', content: r.license },
      { contentType: 'home_list_realtor', content: r.license },
    ],
    activityRegion: regions.map((c) => ({ state: c.state, city: c.city, neighborhood: '', zipcode: c.zip })),
    aboutMeKr: `${cityKo}에서 ${years}년째 한인 가정의 집 찾기를 돕고 있는 ${r.nameKo}입니다. 매물 상담부터 융자와 에스크로, 입주까지 한국어로 차근차근 안내해 드립니다.`,
    aboutMeEn: `${r.nameEn} has helped Korean-American families find homes in ${cityEn} for ${years} years, from the first showing to financing, escrow and move-in.`,
    salesCount: (r.id * 7) % 400,
    licenseNumber: r.license,
    careerStart: `${2026 - years}-03-01`,
    careerEnd: '',
    designFontSize: 16,
    designMainColor: color,
    designMainDarkMode: 'N',
    contentDarkMode: 'N',
    isMakeHomepage: r.published ? 'Y' : 'N',
    hompageUrl: r.host ? `https://${r.host}` : '',
    lastYearSalesTotal: ((r.id * 7919) % 300) * 1_000_000,
    additionalSections: sections,
    seoMeta: {
      ko: {
        title: `${r.nameKo} | ${r.city.ko} 부동산`,
        description: `${cityKo} 한인 리얼터 ${r.nameKo}`,
        keywords: `${cityEn}, 한인 리얼터`,
        author: r.nameKo,
      },
      en: {
        title: `${r.nameEn} | ${r.city.city} Real Estate`,
        description: `${r.nameEn}, Korean-American realtor in ${cityEn}`,
        keywords: `${cityEn}, Korean realtor`,
        author: r.nameEn,
      },
    },
    madeForRealtor: 'Y',
  }
}

const q = (value) => (value === null || value === undefined ? 'NULL' : `'${String(value).replaceAll("'", "''")}'`)
const PASSWORD = 'pbkdf2-sha256$100000$UmVhbHRvci1kZW1vLXNhbHQ$ExRCaEGVHTD1h7SR27A9a1Riwo8YfxhStC8nVHz9SvM'

/** Multi-row INSERTs of `rows` (arrays of SQL literals), each statement under 90 KB of UTF-8 (D1's limit is 100 KB). */
function inserts(head, rows) {
  const out = []
  let values = []
  let length = 0
  for (const row of rows) {
    const text = `(${row.join(',')})`
    const bytes = Buffer.byteLength(text)
    if (length + bytes > 90_000 && values.length) {
      out.push(`${head} VALUES ${values.join(',')}`)
      values = []
      length = 0
    }
    values.push(text)
    length += bytes + 1
  }
  if (values.length) out.push(`${head} VALUES ${values.join(',')}`)
  return out
}

/** Statements for realtors, accounts, domains, contacts and page views. */
export function realtorStatements(count) {
  const realtors = Array.from({ length: count }, (_, i) => realtorOf(i + 1))
  const day = (n) => new Date(Date.UTC(2026, 10, 1) - n * 86_400_000).toISOString().slice(0, 10)
  const contacts = []
  const views = []
  for (const r of realtors) {
    for (let c = 0; c < r.id % 4; c++) {
      contacts.push([
        r.id,
        q(`고객 ${c + 1}`),
        q('고'),
        q(`객${c + 1}`),
        q(`client${c}.${r.slug}@mail.example`),
        // Stored as the contact form stores it: E.164 and the number's region (docs/decisions/064).
        q('+821055501234'),
        q('KR'),
        q('집 보러 가고 싶습니다. 연락 부탁드립니다.'),
        q('Y'),
        q('ko'),
        q(`${day(c)}T09:00:00.000Z`),
      ])
    }
    if (r.published && r.id % 3 === 0) {
      for (let d = 0; d < 7; d++) {
        for (const locale of ['ko', 'en'])
          views.push([r.id, q(day(d)), q('/'), q(locale), q('mobile'), 1 + ((r.id + d) % 40)])
      }
    }
  }
  return [
    ...inserts(
      'INSERT INTO accounts (id, email, name, role, password_hash, agreed_at)',
      realtors.map((r) => [
        r.id,
        q(`${r.slug}@agents.example`),
        q(r.nameEn),
        q('realtor'),
        q(PASSWORD),
        q('2026-01-01T09:00:00.000Z'),
      ]),
    ),
    ...inserts(
      'INSERT INTO realtors (id, user_id, desired_url, homepage_host, profile)',
      realtors.map((r) => [r.id, r.id, q(r.slug), q(r.host), q(JSON.stringify(profileOf(r)))]),
    ),
    ...inserts(
      'INSERT INTO custom_hostnames (realtor_id, hostname, simulated, status, ssl_status, records, checked_at, activated_at)',
      realtors
        .filter((r) => r.host)
        .map((r) => [
          r.id,
          q(r.host),
          1,
          q('active'),
          q('active'),
          q(
            JSON.stringify([
              { type: 'CNAME', name: r.host, value: 'customers.realtor.example.com', purpose: 'traffic' },
            ]),
          ),
          q('2026-11-01T00:00:00.000Z'),
          q('2026-11-01T00:00:00.000Z'),
        ]),
    ),
    ...inserts(
      'INSERT INTO realtor_contacts (realtor_id, name, last_name, first_name, email, phone, phone_country_code, message, is_term, locale, created_at)',
      contacts,
    ),
    ...inserts('INSERT INTO page_views (realtor_id, day, path, locale, device, count)', views),
  ]
}

const STREETS = [
  'Canyon View',
  'Harbor Ridge',
  'Willow Creek',
  'Summit Trail',
  'Bayside',
  'Oak Glen',
  'Maple',
  'Sunset',
  'Park',
  'Vista',
  'Cedar',
  'Laurel',
]
const SUFFIXES = ['Ln', 'Way', 'Ct', 'Ave', 'Pl', 'Dr', 'St', 'Rd']
const arr = (list) => q(JSON.stringify(list))

/** Neighbourhoods of every city (a home's SubdivisionName: "{city} {name}"), the home search's area filter. */
export const NEIGHBOURHOODS = ['Woodbridge', 'Northwood', 'Park Place', 'Turtle Rock', 'Oak Creek', 'Heritage']

/** Home `n`'s ListingKey, its market and its neighbourhood, as homeStatement makes them (the same hash). */
export function homeOf(n, realtors) {
  const h = (k) => (n * k) % 1000003
  const own = h(48271) % 10 < 4
  const agent = 1 + (h(69621) % realtors)
  const city = CITIES[CITY_SLOTS[own ? (agent * 37) % 100 : h(131) % 100]]
  const area = h(271829) % 10 === 0 ? null : `${city.city} ${NEIGHBOURHOODS[h(314159) % NEIGHBOURHOODS.length]}`
  return { key: `BS${n}`, market: city.state === 'CA' ? 'crmls' : 'fmls', city, area }
}

/**
 * Homes `from`..`to` (inclusive) as one INSERT … SELECT over a recursive counter. 4 in 10 are the
 * platform's realtors' own deals (license and region of realtor 1 + h % realtors, as realtorOf gives
 * them), the rest market-wide homes in §9's cities; 1 in 20 without a photo. Each has the RESO columns
 * home search and a home's page read (decision 097): ListingKey `BS{n}`, its status, list price, a
 * neighbourhood (9 in 10), sub type, office and the feed's modification time.
 */
export function homeStatement(from, to, realtors) {
  const cities = arr(CITIES.map(({ city, county, state, zip }) => [city, county, state, zip]))
  const slots = arr(CITY_SLOTS)
  // A multiplicative hash of the row number: varied, deterministic columns without random().
  const h = (k) => `((n * ${k}) % 1000003)`
  const own = `(${h(48271)} % 10 < 4)`
  const agent = `(1 + ${h(69621)} % ${realtors})`
  const slot = `json_extract(${slots}, '$[' || ((CASE WHEN ${own} THEN (${agent} * 37) % 100 ELSE ${h(131)} % 100 END)) || ']')`
  const deal = `(CASE WHEN ${h(7919)} % 100 < 55 THEN 'sale' WHEN ${h(7919)} % 100 < 75 THEN 'rent' WHEN ${h(7919)} % 100 < 90 THEN 'sold' ELSE 'rented' END)`
  return `INSERT INTO listings (deal_type, property_type, property_status, market, agent_license, state, county, city, address, zipcode, price, beds, baths, sqft, image_url, listed_at,
  listing_key, standard_status, list_price, subdivision, property_sub_type, list_office_name, originating_system_name, modification_timestamp)
WITH RECURSIVE counter(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM counter WHERE n < ${to}),
rows AS (SELECT n, ${deal} AS deal, json_extract(${cities}, '$[' || (${slot}) || ']') AS place, ${own} AS own,
  ${h(104729)} % 4 AS kind, CASE WHEN ${deal} IN ('sold', 'rented') THEN 'closed' WHEN ${h(15485863)} % 10 < 8 THEN 'active' ELSE 'pending' END AS status FROM counter)
SELECT deal,
  json_extract(${arr(['single_family', 'single_family', 'condo', 'townhouse'])}, '$[' || kind || ']'),
  status,
  CASE WHEN json_extract(place, '$[2]') = 'CA' THEN 'crmls' ELSE 'fmls' END,
  CASE WHEN own THEN (CASE WHEN json_extract(place, '$[2]') = 'CA' THEN 'DRE #0' || (2100000 + ${agent}) ELSE 'GA #' || (400000 + ${agent}) END)
    ELSE 'DRE #01' || (${h(31337)} % 90000) END,
  json_extract(place, '$[2]'), json_extract(place, '$[1]'), json_extract(place, '$[0]'),
  (100 + ${h(918733)} % 9800) || ' ' || json_extract(${arr(STREETS)}, '$[' || (${h(871957)} % ${STREETS.length}) || ']') || ' ' || json_extract(${arr(SUFFIXES)}, '$[' || (${h(762331)} % ${SUFFIXES.length}) || ']'),
  json_extract(place, '$[3]'),
  CASE WHEN deal IN ('rent', 'rented') THEN 2000 + (${h(2999)} % 70) * 100 ELSE 400000 + (${h(3001)} % 620) * 5000 END,
  1 + ${h(1000033)} % 6, 1 + (${h(998651)} % 8) * 0.5, 700 + ${h(777767)} % 4300,
  CASE WHEN ${h(654323)} % 20 = 0 THEN NULL ELSE '/photos/seed/pool/house-' || (1 + ${h(543217)} % 6) || '.png' END,
  strftime('%Y-%m-%dT%H:%M:00.000Z', '2026-11-01', '-' || (${h(432199)} % 730) || ' days', '-' || (${h(321169)} % 1440) || ' minutes'),
  'BS' || n,
  CASE status WHEN 'active' THEN 'Active' WHEN 'pending' THEN 'Pending' ELSE 'Closed' END,
  CASE WHEN deal IN ('rent', 'rented') THEN 2000 + (${h(2999)} % 70) * 100 ELSE 400000 + (${h(3001)} % 620) * 5000 END,
  CASE WHEN ${h(271829)} % 10 = 0 THEN NULL
    ELSE json_extract(place, '$[0]') || ' ' || json_extract(${arr(NEIGHBOURHOODS)}, '$[' || (${h(314159)} % ${NEIGHBOURHOODS.length}) || ']') END,
  json_extract(${arr(['Single Family Residence', 'Single Family Residence', 'Condominium', 'Townhouse'])}, '$[' || kind || ']'),
  json_extract(${arr(['Pacific Realty Group', 'Hanmi Realty', 'Peachtree Homes', 'Coastline Properties'])}, '$[' || (${h(99991)} % 4) || ']'),
  CASE WHEN json_extract(place, '$[2]') = 'CA' THEN 'CRMLS' ELSE 'FMLS' END,
  strftime('%Y-%m-%dT%H:%M:00.000Z', '2026-11-20', '-' || (${h(432199)} % 700) || ' days')
FROM rows`
}

export const POOL_COLORS = COLORS
