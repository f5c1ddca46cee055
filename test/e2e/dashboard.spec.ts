import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from './fixtures'

// The builder's dashboard (docs/decisions/051-dashboard.md): a visitor's views of Jane's homepage reach
// her dashboard. The test's worker writes views after half a second (scripts/serve-e2e.mjs sets
// PAGE_VIEW_FLUSH_MS); other tests view the same homepage, so it looks for its own views as an increase.
const PASSWORD = 'demo-realtor-2026'
const SHOTS = 'test/e2e/screenshots'

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
  await page.goto('/login')
  await page.getByLabel('이메일').fill('janekim@realtor.local')
  await page.getByLabel('비밀번호').fill(PASSWORD)
  await page.getByRole('button', { name: '로그인' }).click()
  await expect(page).toHaveURL(/\/janekim\/admin$/)
  // The editor's toolbar leads to the dashboard.
  await page.getByRole('link', { name: '대시보드' }).click()
  await expect(page).toHaveURL(/\/janekim\/admin\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: '대시보드' })).toBeVisible()
  const before = await total(page, /홈페이지 조회수/)

  // A visitor of this project's device class, with no session: three views in two languages.
  const visitor = await browser.newContext({
    ...testInfo.project.use,
    locale: 'ko-KR',
    baseURL: testInfo.project.use.baseURL,
  })
  const visit = await visitor.newPage()
  for (const path of ['/janekim', '/janekim', '/en/janekim']) {
    const response = await visit.goto(path)
    expect(response?.status()).toBe(200)
  }
  await visitor.close()

  await expect
    .poll(
      async () => {
        await page.reload()
        return total(page, /홈페이지 조회수/)
      },
      { timeout: 15_000, intervals: [500, 1000] },
    )
    .toBeGreaterThanOrEqual(before + 3)
  const device = testInfo.project.name === 'phone' ? '모바일' : '데스크톱'
  const deviceRow = page.getByRole('row', { name: new RegExp(device) })
  expect(Number((await deviceRow.getByRole('cell').innerText()).replace(/[^\d]/g, ''))).toBeGreaterThanOrEqual(3)
  await expect(page.getByRole('img', { name: /일별 홈페이지 조회수/ })).toBeVisible()
  await expect(page.getByRole('row', { name: /^홈/ })).toBeVisible()

  // The numbers behind the charts, in a table that opens with the keyboard.
  await page.getByText('일별 조회수와 문의').first().focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('table', { name: '일별 조회수와 문의' })).toBeVisible()
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
  await page.screenshot({ path: `${SHOTS}/dashboard-ko-${testInfo.project.name}.png`, fullPage: true })

  await page.goto('/en/janekim/admin/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  expect(await total(page, /Homepage views/)).toBeGreaterThanOrEqual(before + 3)
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
  await page.screenshot({ path: `${SHOTS}/dashboard-en-${testInfo.project.name}.png`, fullPage: true })
})
