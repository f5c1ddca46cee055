// Jane Kim's inbox shows her buyers (issue 32, docs/decisions/109-buyers-in-the-inbox.md): the Buyers tab,
// one buyer's page with the timeline newest first, in Korean and English, at 390 and 1280 px, axe-clean; Daniel
// Park, another realtor, gets 404 for that buyer through every page and API. The buyer's rows are written
// straight into the test worker's local D1 (wrangler d1 execute on the same state folder), as the sign-up
// and save routes would leave them: this spec is about what the realtor sees.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { DEMO_PASSWORD, JANE } from './accounts'
import { expectNoAxeViolations } from './axe'
import { expect, test } from './fixtures'

const root = path.join(import.meta.dirname, '../..')
const STATE = path.join(root, '.tmp', process.env.E2E_STATE || 'e2e-state')
const BUYER = 940001
const EMAIL = 'sujin.lee.e2e@example.com'
const SEARCH = 'Johns Creek, 3+ beds, under $1.2M'
const DANIEL = { email: 'danielpark@realtor.local', password: DEMO_PASSWORD }

/** Runs SQL on the test worker's local D1 (the state scripts/serve-e2e.mjs serves). */
function sql(statements: string): void {
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/wrangler/bin/wrangler.js'),
      'd1',
      'execute',
      'DB',
      '--local',
      '--persist-to',
      STATE,
      '--command',
      statements,
    ],
    { cwd: root, env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' }, stdio: 'pipe' },
  )
}

test.beforeAll(() => {
  // Jane's buyer: signed up, confirmed, saved a Johns Creek home and a search, viewed the home, opened an
  // alert, and sent Jane a message from the same address. Fixed ids: the second project finds them there.
  const jane = "(SELECT id FROM realtors WHERE desired_url = 'janekim')"
  const home = `(SELECT listing_key FROM listings WHERE market = 'fmls' AND city = 'Johns Creek'
    AND listing_key IS NOT NULL AND deal_type = 'sale' ORDER BY id LIMIT 1)`
  sql(`
    INSERT OR IGNORE INTO buyers (id, realtor_id, email, email_key, name, phone, locale, consent_at, consent_text,
      confirmed_at, created_at, last_seen_at)
    VALUES (${BUYER}, ${jane}, '${EMAIL}', '${EMAIL}', '이수진', '+16785550188', 'ko', '2026-11-20T14:00:00.000Z',
      '김제인 리얼터에게서 매물과 저장한 검색에 관한 이메일을 받는 데 동의합니다.', '2026-11-20T14:03:00.000Z',
      '2026-11-20T14:00:00.000Z', '2026-11-23T09:00:00.000Z');
    INSERT OR IGNORE INTO saved_homes (buyer_id, listing_key, created_at)
      VALUES (${BUYER}, ${home}, '2026-11-21T10:00:00.000Z');
    INSERT OR IGNORE INTO saved_searches (id, buyer_id, realtor_id, name, query, market, place_kind, place_key,
      deal_type, property_status, max_price, beds, frequency, created_at)
    VALUES (${BUYER}, ${BUYER}, ${jane}, '${SEARCH}', 'city=Johns+Creek&beds=3&maxPrice=1200000', 'fmls', 'city',
      'johns creek', 'sale', 'active', 1200000, 3, 'instant', '2026-11-21T10:05:00.000Z');
    INSERT OR IGNORE INTO buyer_views (buyer_id, listing_key, viewed_at)
      VALUES (${BUYER}, ${home}, '2026-11-22T08:00:00.000Z');
    INSERT OR IGNORE INTO alerts (id, search_id, buyer_id, realtor_id, created_at, opened_at)
      VALUES (${BUYER}, ${BUYER}, ${BUYER}, ${jane}, '2026-11-22T12:00:00.000Z', '2026-11-22T12:30:00.000Z');
    INSERT OR IGNORE INTO realtor_contacts (id, realtor_id, name, last_name, first_name, email, phone,
      phone_country_code, message, is_term, locale, created_at)
    VALUES (${BUYER}, ${jane}, '이수진', '이', '수진', 'Sujin.Lee.E2E@example.com', '+16785550188', 'US',
      '주말에 집을 볼 수 있을까요?', 'Y', 'ko', '2026-11-23T09:10:00.000Z');
    -- The dashboard's figures of the last days: a second buyer's, so the first one's timeline stays as above.
    INSERT OR IGNORE INTO buyers (id, realtor_id, email, email_key, locale, consent_at, consent_text)
    VALUES (${BUYER + 1}, ${jane}, 'dash.e2e@example.com', 'dash.e2e@example.com', 'en',
      '2026-11-20T14:00:00.000Z', 'I agree.');
    INSERT OR IGNORE INTO saved_searches (id, buyer_id, realtor_id, name, query, market, place_kind, place_key,
      deal_type, property_status, frequency)
    VALUES (${BUYER + 1}, ${BUYER + 1}, ${jane}, 'Duluth', 'city=Duluth', 'fmls', 'city', 'duluth', 'sale',
      'active', 'daily');
    INSERT OR IGNORE INTO buyer_events (id, realtor_id, buyer_id, kind, search_id, created_at)
    VALUES (${BUYER}, ${jane}, ${BUYER + 1}, 'signup', NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 days')),
      (${BUYER + 1}, ${jane}, ${BUYER + 1}, 'search', ${BUYER + 1}, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 days'));
    INSERT OR IGNORE INTO alerts (id, search_id, buyer_id, realtor_id, opened_at)
      VALUES (${BUYER + 1}, ${BUYER + 1}, ${BUYER + 1}, ${jane}, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 days'));
  `)
})

const LABELS = {
  ko: {
    inbox: '/janekim/admin/inbox',
    tab: '회원',
    title: '회원: 이수진',
    steps: ['보낸 문의:', '알림을 열어 봤습니다', '매물을 봤습니다', '검색을 저장했습니다', '가입했습니다'],
  },
  en: {
    inbox: '/en/janekim/admin/inbox',
    tab: 'Buyers',
    title: 'Buyer: 이수진',
    steps: ['Message sent to you:', 'Opened the alert', 'Viewed', 'Saved a search', 'Signed up'],
  },
} as const

for (const locale of ['ko', 'en'] as const) {
  test(`Jane sees her buyer's timeline (${locale})`, async ({ page }, testInfo) => {
    const label = LABELS[locale]
    expect((await page.request.post('/v1/auth/login', { data: JANE })).status()).toBe(200)
    await page.goto(label.inbox)
    await page
      .getByRole('navigation', { name: locale === 'ko' ? '받은 문의함 목록' : 'Inbox lists' })
      .getByRole('link', { name: label.tab })
      .click()
    await expect(page).toHaveURL(new RegExp(`${label.inbox}/buyers$`))
    const list = page.getByTestId('buyers-list')
    await expect(list.getByText('이수진')).toBeVisible()
    await expectNoAxeViolations(page)
    await page.screenshot({ path: testInfo.outputPath(`buyers-${locale}.png`), fullPage: true })
    await list.getByRole('link', { name: /이수진/ }).click()
    await expect(page).toHaveURL(new RegExp(`${label.inbox}/buyers/${BUYER}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(label.title)
    const steps = page.getByTestId('buyer-timeline').getByRole('listitem')
    const texts = await steps.allInnerTexts()
    // Newest first: the message, the alert opened, the view, the search, … the sign-up last.
    const at = label.steps.map((step) => texts.findIndex((text) => text.includes(step)))
    expect(
      at.every((index) => index >= 0),
      texts.join(' | '),
    ).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
    expect(texts.at(-1)).toContain(label.steps.at(-1))
    await expect(page.getByTestId('buyer-saved-searches').getByRole('link', { name: SEARCH })).toHaveAttribute(
      'href',
      `${locale === 'en' ? '/en' : ''}/janekim/homes?city=Johns+Creek&beds=3&maxPrice=1200000`,
    )
    await expectNoAxeViolations(page)
    await page.screenshot({ path: testInfo.outputPath(`buyer-${locale}.png`), fullPage: true })
  })
}

for (const locale of ['ko', 'en'] as const) {
  test(`Jane's dashboard counts sign-ups, saved searches and alert opens (${locale})`, async ({ page }, testInfo) => {
    expect((await page.request.post('/v1/auth/login', { data: JANE })).status()).toBe(200)
    await page.goto(`${locale === 'en' ? '/en' : ''}/janekim/admin/dashboard`)
    const buyers = page.getByTestId('dashboard-buyers')
    await expect(buyers.getByRole('heading', { level: 2 })).toHaveText(locale === 'en' ? 'Buyers' : '회원')
    for (const figure of ['signups', 'searches', 'alertOpens'])
      expect(
        Number(await buyers.getByTestId(`dashboard-total-${figure}`).locator('strong').innerText()),
      ).toBeGreaterThan(0)
    await expectNoAxeViolations(page, '[data-testid="dashboard-buyers"]')
    await buyers.screenshot({ path: testInfo.outputPath(`dashboard-buyers-${locale}.png`) })
  })
}

test('Daniel Park cannot see Jane’s buyer through any page or API', async ({ page }) => {
  expect((await page.request.post('/v1/auth/login', { data: DANIEL })).status()).toBe(200)
  for (const address of [
    `/janekim/admin/inbox/buyers/${BUYER}`,
    `/en/janekim/admin/inbox/buyers/${BUYER}`,
    `/danielpark/admin/inbox/buyers/${BUYER}`,
    `/v1/realtor-buyers/${BUYER}`,
  ]) {
    const response = await page.request.get(address)
    expect(response.status(), address).toBe(404)
    expect(await response.text(), address).not.toContain(EMAIL)
  }
  const list = await page.request.get('/janekim/admin/inbox/buyers')
  expect(list.status()).toBe(403)
  expect(await list.text()).not.toContain('이수진')
  await page.goto('/danielpark/admin/inbox/buyers')
  await expect(page.getByText('이수진')).toHaveCount(0)
})
