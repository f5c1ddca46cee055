import { expectNoAxeViolations } from './axe'
import { canonicalOf, newRealtor, SHOTS, shoot, signIn } from './domain-helpers'
import { expect, test } from './fixtures'

// Self-serve custom domains in the browser (issue 19, docs/decisions/054-domain-screen.md), at 1280 and 390 px:
// a new realtor opens the Domain screen from the builder's navigation, is refused a provider host and a
// non-domain, adds a domain and sees the DNS records to add; an admin moves the local simulator on (from
// the console on desktop, through the API on the phone) and the realtor's screen follows by polling,
// pending → verifying → active. Then the homepage's canonical link is on the domain; removing the domain
// brings the path address back. The same flow against the fake Cloudflare API, where the path address
// answers 301, is domains-cloudflare.spec.ts.

test('a realtor connects a domain, watches it go active, and removes it again', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  page.on('pageerror', (error) => {
    throw error
  })
  const project = testInfo.project.name
  const { account, adminToken } = await newRealtor(request, project)
  const hostname = `${account.desiredUrl}.example.com`
  const screen = `/${account.desiredUrl}/admin/domain`

  await signIn(page, account)
  // The editor's old free-text field is a read-only line leading to the screen.
  const line = page.getByTestId('editor-domain')
  await expect(line).toContainText('연결된 도메인이 없습니다')
  await expect(page.locator('#field-hompageUrl')).toHaveCount(0)
  const link = page.getByTestId('builder-nav').getByRole('link', { name: '도메인' })
  await expect(link).toHaveAttribute('href', screen)
  await link.click()
  await expect(page).toHaveURL(new RegExp(`${screen}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('내 도메인')
  await expect(page.getByText(`홈페이지는 http://127.0.0.1:`)).toContainText(`/${account.desiredUrl} 주소로 열립니다.`)
  const field = page.getByLabel('도메인', { exact: true })
  const connect = page.getByRole('button', { name: '연결하기' })
  await expect(connect).toBeEnabled()
  await shoot(page, browser, 'none', project, screen)
  if (project === 'desktop') await expectNoAxeViolations(page, '#main')

  // Refused: nothing typed, a provider host, something that is no domain — each said under the field.
  await connect.click()
  await expect(page.locator('#domain-hostname-error')).toHaveText('연결할 도메인을 입력해 주세요.')
  await field.fill('realtor.example.com')
  await connect.click()
  await expect(page.locator('#domain-hostname-error')).toHaveText(
    '저희 서비스의 주소라서 개인 도메인으로 사용할 수 없습니다.',
  )
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await field.fill('not a domain')
  await connect.click()
  await expect(page.locator('#domain-hostname-error')).toHaveText('janekim.com처럼 소유하신 도메인을 입력해 주세요.')
  await page.screenshot({ path: `${SHOTS}/domain-error-ko-${project}.png`, fullPage: true })
  if (project === 'desktop') await expectNoAxeViolations(page, '#main')

  // Added, written as people paste it: the records to add, and the first step under way.
  await field.fill(`https://${hostname.toUpperCase()}/`)
  await connect.click()
  const status = page.getByTestId('domain-status')
  await expect(status).toHaveAttribute('data-status', 'pending')
  await expect(page.getByTestId('domain-notice')).toHaveText(
    `${hostname} 도메인을 등록했습니다. 이제 아래 DNS 레코드를 추가해 주세요.`,
  )
  await expect(status.getByRole('heading', { level: 2 })).toHaveText(hostname)
  const records = page.getByTestId('dns-records')
  expect(await records.locator('tbody tr').count()).toBeGreaterThanOrEqual(2)
  await expect(records.locator('tbody tr').first()).toContainText('CNAME')
  await expect(records).toContainText('방문자를 홈페이지로 연결')
  await expect(records).toContainText('도메인 소유 확인')
  await expect(records.getByRole('button', { name: '1번 레코드(CNAME) 값 복사' })).toBeVisible()
  await expect(page.getByTestId('domain-steps').locator('[aria-current="step"]')).toContainText('DNS 확인 대기')
  // A realtor gets the simulator's note, not its controls.
  await expect(page.getByTestId('domain-simulator')).toContainText('로컬 시뮬레이터')
  await expect(page.getByRole('button', { name: /다음 단계로/ })).toHaveCount(0)
  // Nothing switched yet: the path address is still canonical.
  expect(await canonicalOf(request, `/${account.desiredUrl}`)).toMatch(new RegExp(`/${account.desiredUrl}$`))
  await shoot(page, browser, 'pending', project, screen)
  if (project === 'desktop') await expectNoAxeViolations(page, '#main')
  // The screen checks again every 5 s on its own: a keyboard user on "Check now" keeps the focus through it.
  await page.getByRole('button', { name: '지금 확인' }).focus()
  await page.waitForResponse((response) => response.url().endsWith(`/domain`) && response.request().method() === 'GET')
  await expect(page.getByRole('button', { name: '지금 확인' })).toBeFocused()

  // The admin moves the simulator on: from the console on desktop, through the API on the phone.
  const advance = async () => {
    if (project !== 'desktop') {
      const moved = await request.post(`/v1/domains/${hostname}/advance`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
      expect(moved.status()).toBe(200)
      return
    }
    const context = await browser.newContext({ viewport: page.viewportSize()! })
    await context.addCookies([{ name: 'session', value: adminToken, url: new URL(page.url()).origin }])
    const console = await context.newPage()
    await console.goto('/admin')
    const row = console.getByTestId('domain-admin-row').filter({ hasText: hostname })
    await row.getByRole('button', { name: `다음 단계로: ${hostname}` }).click()
    await expect(row).not.toContainText('DNS 대기 중')
    await console.screenshot({ path: `${SHOTS}/domain-console-ko-${project}.png`, fullPage: true })
    await context.close()
  }
  // While the tab is hidden the screen does not check; shown again, it checks at once.
  const visibility = (state: 'hidden' | 'visible') =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { value, configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    }, state)
  await visibility('hidden')
  await advance()
  await page.waitForTimeout(7_000)
  await expect(status).toHaveAttribute('data-status', 'pending')
  await visibility('visible')
  await expect(status).toHaveAttribute('data-status', 'verifying', { timeout: 3_000 })
  // The note about adding the records belonged to the first step.
  await expect(page.getByTestId('domain-notice')).toBeEmpty()
  await expect(page.getByTestId('domain-steps').locator('[data-state="done"]')).toHaveCount(1)
  await expect(page.getByTestId('domain-status-text')).toContainText('보안 인증서를 발급하고 있으며')
  await shoot(page, browser, 'verifying', project, screen)
  // The realtor's screen follows by itself (it checks every 5 s).
  await advance()
  await expect(status).toHaveAttribute('data-status', 'active', { timeout: 15_000 })
  await expect(page.getByTestId('domain-steps').locator('[data-state="done"]')).toHaveCount(3)
  await expect(status.getByRole('link', { name: `${hostname} 열어 보기` })).toHaveAttribute(
    'href',
    `https://${hostname}`,
  )
  await expect(page.getByRole('button', { name: '지금 확인' })).toHaveCount(0)
  await shoot(page, browser, 'active', project, screen)
  if (project === 'desktop') await expectNoAxeViolations(page, '#main')

  // Now the domain is the homepage's address: canonical there, on the domain and on the path address. The
  // simulator's domains resolve nowhere, so locally the path address keeps serving instead of answering 301
  // (decision 053; domains-cloudflare.spec.ts and test/domains/api.test.ts check the 301 against the fake
  // Cloudflare API).
  const onDomain = await request.get('/', { headers: { host: hostname }, maxRedirects: 0 })
  expect(onDomain.status()).toBe(200)
  expect(/<link rel="canonical" href="([^"]+)"/.exec(await onDomain.text())?.[1]).toBe(`https://${hostname}`)
  const pathAddress = await request.get(`/${account.desiredUrl}`, { maxRedirects: 0 })
  expect(pathAddress.status()).toBe(200)
  expect(/<link rel="canonical" href="([^"]+)"/.exec(await pathAddress.text())?.[1]).toBe(`https://${hostname}`)
  // The editor names it.
  await page.goto(`/${account.desiredUrl}/admin`)
  await expect(page.getByTestId('editor-domain').getByRole('link', { name: hostname })).toHaveAttribute(
    'href',
    `https://${hostname}`,
  )
  await page.getByTestId('editor-domain').screenshot({ path: `${SHOTS}/domain-editor-line-ko-${project}.png` })

  // Removed through the builder's dialog, which names the domain and where the homepage goes back to.
  await page.goto(screen)
  await page.getByRole('button', { name: '도메인 연결 해제' }).click()
  const dialog = page.getByTestId('domain-remove-dialog')
  await expect(dialog.getByRole('heading')).toHaveText(`${hostname} 도메인 연결을 해제할까요?`)
  await expect(dialog).toContainText(`/${account.desiredUrl} 주소로 돌아갑니다`)
  await expect(dialog.getByRole('button', { name: '취소' })).toBeFocused()
  await page.screenshot({ path: `${SHOTS}/domain-remove-ko-${project}.png` })
  await page.getByTestId('domain-remove-confirm').click()
  await expect(page.getByTestId('domain-notice')).toContainText(`${hostname} 도메인 연결을 해제했습니다.`)
  await expect(page.getByTestId('domain-status')).toHaveCount(0)
  await expect(page.getByLabel('도메인', { exact: true })).toBeVisible()
  const back = await request.get(`/${account.desiredUrl}`, { maxRedirects: 0 })
  expect(back.status()).toBe(200)
  expect((await request.get('/', { headers: { host: hostname }, maxRedirects: 0 })).status()).toBe(404)
  expect(await canonicalOf(request, `/${account.desiredUrl}`)).toMatch(new RegExp(`/${account.desiredUrl}$`))
})

test('a failed domain says so in plain words and can be tried again', async ({ page, browser, request }, testInfo) => {
  page.on('pageerror', (error) => {
    throw error
  })
  const project = testInfo.project.name
  const { account, realtorId, adminToken } = await newRealtor(request, `${testInfo.project.name}-f`)
  const hostname = `${account.desiredUrl}.example.com`
  const screen = `/${account.desiredUrl}/admin/domain`
  const headers = { authorization: `Bearer ${adminToken}` }
  expect((await request.put(`/v1/realtors/${realtorId}/domain`, { data: { hostname }, headers })).status()).toBe(200)
  expect((await request.post(`/v1/domains/${hostname}/fail`, { headers })).status()).toBe(200)

  // The admin opens the realtor's screen: the failure, why, and what to do.
  await page
    .context()
    .addCookies([{ name: 'session', value: adminToken, url: new URL(testInfo.project.use.baseURL!).origin }])
  await page.goto(screen)
  const status = page.getByTestId('domain-status')
  await expect(status).toHaveAttribute('data-status', 'failed')
  await expect(page.getByTestId('domain-steps').locator('[data-state="failed"]')).toHaveCount(1)
  await expect(page.getByTestId('domain-problems')).toBeVisible()
  await expect(page.getByRole('button', { name: '지금 확인' })).toHaveCount(0)
  await shoot(page, browser, 'failed', project, screen)
  if (project === 'desktop') await expectNoAxeViolations(page, '#main')
  // Trying again starts a fresh check.
  await page.getByRole('button', { name: '다시 연결하기' }).click()
  await expect(status).toHaveAttribute('data-status', 'pending')
})

test('a realtor whose unverified claim another homepage took over is told, and takes it back', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(60_000)
  page.on('pageerror', (error) => {
    throw error
  })
  const project = testInfo.project.name
  const { account, realtorId, adminToken } = await newRealtor(request, `${project}-v`)
  const { realtorId: otherId } = await newRealtor(request, `${project}-t`)
  const hostname = `${account.desiredUrl}.example.com`
  const screen = `/${account.desiredUrl}/admin/domain`
  const headers = { authorization: `Bearer ${adminToken}` }
  expect((await request.put(`/v1/realtors/${realtorId}/domain`, { data: { hostname }, headers })).status()).toBe(200)

  await signIn(page, account)
  await page.goto(screen)
  await expect(page.getByTestId('domain-status')).toHaveAttribute('data-status', 'pending')
  // Another homepage claims it before its records are seen (decision 088): the open screen learns it by polling.
  expect((await request.put(`/v1/realtors/${otherId}/domain`, { data: { hostname }, headers })).status()).toBe(200)
  const told = page.getByTestId('domain-taken-over')
  await expect(told).toContainText(`다른 홈페이지가 ${hostname} 도메인을 추가하여`, { timeout: 15_000 })
  await expect(told).toHaveAttribute('role', 'alert')
  await expect(told).toContainText('종료되었습니다.')
  await expect(page.getByTestId('domain-status')).toHaveCount(0)
  await shoot(page, browser, 'taken-over', project, screen)
  if (project === 'desktop') await expectNoAxeViolations(page, '#main')

  // Taking it back: the same form; the claim is the realtor's again and the notice is answered.
  await page.getByLabel('도메인', { exact: true }).fill(hostname)
  await page.getByRole('button', { name: '연결하기' }).click()
  await expect(page.getByTestId('domain-status')).toHaveAttribute('data-status', 'pending')
  await expect(told).toHaveCount(0)
  await page.reload()
  await expect(page.getByTestId('domain-status')).toHaveAttribute('data-status', 'pending')
  await expect(page.getByTestId('domain-taken-over')).toHaveCount(0)
})
