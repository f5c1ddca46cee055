import { submitSignIn } from './accounts'
import { expectNoAxeViolations } from './axe'
import { expect, type Page, test } from './fixtures'

// The builder's dashboard (docs/decisions/051-dashboard.md): a visitor's views of Jane's homepage reach
// her dashboard, counted by each page's beacon once loaded and shown (docs/decisions/071-view-beacon.md).
// Each view is a data point in the test worker's loopback Analytics Engine (scripts/serve-e2e.mjs,
// docs/decisions/073), which the dashboard reads through the SQL API and keeps ten seconds: the test polls
// past that. Other tests view the same homepage, so it looks for its own views as an increase.
const PASSWORD = 'demo-realtor-2026'
const SHOTS = 'test/e2e/screenshots'

/** Whether a request is the view beacon. */
const isBeacon = (url: string) => new URL(url).pathname === '/v1/views'

/**
 * A visitor's own address, new each run: views are counted per address (a visitor's reloads once per page and
 * half hour, at most 100 a day: docs/decisions/090), and every other test's browser is 127.0.0.1. Cloudflare
 * sets CF-Connecting-IP; the local server keeps one the client sent.
 */
const ownAddress = () => {
  const part = () => Math.floor(Math.random() * 0x10000).toString(16)
  return { 'cf-connecting-ip': `2001:db8:${part()}:${part()}::1` }
}

/** Opens a page of a homepage as a visitor would and waits for its view beacon's answer. */
async function view(page: Page, path: string): Promise<void> {
  const beacon = page.waitForResponse((response) => isBeacon(response.url()))
  const response = await page.goto(path)
  expect(response?.status()).toBe(200)
  expect((await beacon).status()).toBe(204)
  // Lazy images still loading when the test closes the page would be dropped mid-answer (a broken pipe in the log).
  await page.waitForLoadState('networkidle')
}

async function signInAsJane(page: Page): Promise<void> {
  await submitSignIn(page, { email: 'janekim@realtor.local', password: PASSWORD })
  await expect(page).toHaveURL(/\/janekim\/admin$/)
}

/** The total of a dashboard figure as shown on its card. */
async function total(page: Page, label: RegExp): Promise<number> {
  const text = await page.locator('.dashboard__total').filter({ hasText: label }).locator('strong').innerText()
  return Number(text.replace(/[^\d]/g, ''))
}

test('a visitor views the homepage; the owner sees those views on the dashboard', async ({
  page,
  browser,
}, testInfo) => {
  page.on('pageerror', (error) => {
    throw error
  })
  await signInAsJane(page)
  // The editor's toolbar leads to the dashboard.
  await page.getByRole('link', { name: '대시보드' }).click()
  await expect(page).toHaveURL(/\/janekim\/admin\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: '대시보드' })).toBeVisible()
  const before = await total(page, /홈페이지 조회수/)

  // A visitor of this project's device class, with no session: three page loads in two languages, the
  // second a reload of the first, which counts no second view.
  const visitor = await browser.newContext({
    ...testInfo.project.use,
    locale: 'ko-KR',
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: ownAddress(),
  })
  const visit = await visitor.newPage()
  for (const path of ['/janekim', '/janekim', '/en/janekim']) await view(visit, path)
  await visitor.close()

  await expect
    .poll(
      async () => {
        await page.reload()
        return total(page, /홈페이지 조회수/)
      },
      { timeout: 30_000, intervals: [500, 1000] },
    )
    .toBeGreaterThanOrEqual(before + 2)
  const device = testInfo.project.name === 'phone' ? '모바일' : '데스크톱'
  const deviceRow = page.getByRole('row', { name: new RegExp(device) })
  expect(Number((await deviceRow.getByRole('cell').innerText()).replace(/[^\d]/g, ''))).toBeGreaterThanOrEqual(2)
  await expect(page.getByRole('img', { name: /일별 홈페이지 조회수/ })).toBeVisible()
  await expect(page.getByRole('row', { name: /^홈/ })).toBeVisible()

  // The numbers behind the charts, in a table that opens with the keyboard.
  await page.getByText('일별 조회수와 문의').first().focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('table', { name: '일별 조회수와 문의' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/dashboard-ko-${testInfo.project.name}.png`, fullPage: true })

  await page.goto('/en/janekim/admin/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  expect(await total(page, /Homepage views/)).toBeGreaterThanOrEqual(before + 2)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/dashboard-en-${testInfo.project.name}.png`, fullPage: true })
})

test('a crawler, a prefetch and a prerendered page not yet opened count no view; opening it does', async ({
  page,
  browser,
}, testInfo) => {
  await signInAsJane(page)
  await page.goto('/janekim/admin/dashboard')
  const views = async () => {
    await page.reload()
    return total(page, /홈페이지 조회수/)
  }
  const before = await views()

  // A crawler runs the page's script too: its beacon is answered and dropped.
  const crawler = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  })
  await view(await crawler.newPage(), '/janekim')
  await crawler.close()

  // A visitor on a page of the same site that prefetches a homepage page: the browser fetches it and
  // runs none of it. (The linking page is the test's own; the worker serves what the browser asks for next.)
  const visitor = await browser.newContext({
    ...testInfo.project.use,
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: ownAddress(),
  })
  const visit = await visitor.newPage()
  const beacons: string[] = []
  const fetched: string[] = []
  visitor.on('request', (request) => {
    if (isBeacon(request.url())) beacons.push(request.url())
    else fetched.push(new URL(request.url()).pathname)
  })
  await visit.route('**/prefetch-test', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>links</title><link rel="prefetch" href="/janekim/terms">',
    }),
  )
  await visit.goto('/prefetch-test')
  await expect.poll(() => fetched, { timeout: 10_000 }).toContain('/janekim/terms')

  // A page being prerendered (speculation rules) runs its script but is not shown. This Chromium does not
  // prerender here, so the page is told it is, as Chromium tells one (document.prerendering, then the
  // prerenderingchange event when the visitor opens it).
  const prerendered = await visitor.newPage()
  await prerendered.addInitScript(() => {
    let prerendering = true
    Object.defineProperty(Document.prototype, 'prerendering', { configurable: true, get: () => prerendering })
    Object.assign(window, {
      activate: () => {
        prerendering = false
        document.dispatchEvent(new Event('prerenderingchange'))
      },
    })
  })
  expect((await prerendered.goto('/en/janekim'))?.status()).toBe(200)
  // Time for the page's script to run and send any beacon (none is expected).
  await prerendered.waitForTimeout(2_000)
  expect(beacons).toEqual([])
  expect(await views()).toBe(before)

  // Opening the prerendered page is a view: its beacon goes once it is shown.
  const beacon = prerendered.waitForResponse((response) => isBeacon(response.url()))
  await prerendered.evaluate(() => (window as unknown as { activate: () => void }).activate())
  expect((await beacon).status()).toBe(204)
  await prerendered.waitForLoadState('networkidle')
  await visitor.close()
  await expect.poll(views, { timeout: 30_000, intervals: [500, 1000] }).toBe(before + 1)
})
