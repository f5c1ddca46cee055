import { startFakePush } from '../fixtures/fake-push'
import { fakePushClient } from '../fixtures/fake-push-client'
import { JANE, signInTo } from './accounts'
import { ownAddress, sendContactForm } from './contact-form'
import { expect, test } from './fixtures'

// Web Push (docs/decisions/065-web-push.md) in the browser, at 1280 and 390 px: the builder links its app
// manifest (homepages do not), its push card says what this device can do and registers the service worker
// under the realtor's builder only, a device subscribed on the loopback push service
// (test/fixtures/fake-push.ts) gets one decryptable push when a visitor writes, and the realtor removes it.
const SHOTS = 'test/e2e/screenshots'

let fake: Awaited<ReturnType<typeof startFakePush>>

test.beforeAll(async () => {
  fake = await startFakePush()
})

test.afterAll(async () => {
  await fake.close()
})

test('the builder is an installable app whose devices get one push per contact', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  page.on('pageerror', (error) => {
    throw error
  })
  const project = testInfo.project.name
  await signInTo(page, JANE, '/janekim/admin/notifications')

  // The app: a manifest of the page's language, icons, a service worker checked on every visit.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
  const manifest = await (await page.request.get('/manifest.webmanifest')).json()
  expect(manifest).toMatchObject({ start_url: '/admin', display: 'standalone', theme_color: '#1d4ed8' })
  for (const icon of manifest.icons as { src: string }[])
    expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png')
  const worker = await page.request.get('/push-sw.js')
  expect(worker.headers()['cache-control']).toBe('no-cache')
  expect(await worker.text()).toContain("addEventListener('push'")

  // This browser can take pushes and has not been asked yet.
  const card = page.locator('section.push')
  await expect(card.getByRole('heading', { level: 2 })).toHaveText('이 기기에서 알림 받기')
  await expect(card.locator('.push__state')).toHaveText('이 기기에서 꺼져 있습니다.')
  await expect(card.getByRole('button', { name: '켜기' })).toBeEnabled()
  await expect(card.getByText('아직 등록된 기기가 없습니다.')).toBeVisible()
  // Turning it on registers the service worker under Jane's builder and asks the browser's push service,
  // which this offline Chromium has none of: the card says so, and nothing is saved.
  await page.context().grantPermissions(['notifications'])
  await card.getByRole('button', { name: '켜기' }).click()
  await expect(card.locator('.notice')).toHaveText('이 기기에서 알림을 켜지 못했습니다. 다시 시도해 주세요.', {
    timeout: 20_000,
  })
  const scopes = await page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((registration) => registration.scope),
  )
  expect(scopes).toEqual([`${baseURL}/janekim/admin/`])

  // A phone subscribed on the loopback push service (a real browser would get its endpoint from FCM).
  const { id: realtorId } = await (await page.request.get('/v1/realtor/janekim')).json()
  const { publicKey } = await (await page.request.get(`/v1/realtor/${realtorId}/push`)).json()
  const push = fakePushClient(fake.origin)
  const phone = await push.subscribe(publicKey)
  const saved = await page.request.post(`/v1/realtor/${realtorId}/push`, {
    data: phone.subscription,
    headers: { origin: baseURL! },
  })
  expect(saved.status()).toBe(201)
  await page.reload()
  await expect(card.locator('.push__entry')).toHaveCount(1)
  await expect(card.locator('.push__name')).toContainText('Chrome')
  await page.screenshot({ path: `${SHOTS}/push-ko-${project}.png`, fullPage: true })
  await page.goto('/en/janekim/admin/notifications')
  await expect(card.getByRole('heading', { level: 2 })).toHaveText('Notifications on this device')
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/en/manifest.webmanifest')
  await expect(card.locator('.push__added')).toContainText('Added')
  await page.screenshot({ path: `${SHOTS}/push-en-${project}.png`, fullPage: true })

  // A visitor writes from Jane's homepage, which links no manifest and runs no service worker.
  const visitorName = `푸시${project}${Date.now() % 100000}`
  const visitor = await browser.newContext({ locale: 'ko-KR', ...ownAddress() })
  const visitorPage = await visitor.newPage()
  await visitorPage.goto('/janekim')
  await expect(visitorPage.locator('link[rel="manifest"]')).toHaveCount(0)
  const posted = await sendContactForm(visitorPage, 'ko', {
    lastName: '김',
    firstName: visitorName,
    email: 'minsu@example.com',
    phone: '010-1234-5678',
    message: '푸시 알림 테스트 문의입니다.',
  })
  const { id } = (await posted.json()) as { id: number }
  await visitor.close()

  const received = async () => (await push.inbox(phone.id)).received
  await expect.poll(async () => (await received()).length, { timeout: 5000 }).toBe(1)
  const [message] = await received()
  // The device subscribed from a Korean page: Korean words, the Korean inbox entry.
  expect(message!.payload).toMatchObject({
    title: `새 문의: 김 ${visitorName}`,
    body: '푸시 알림 테스트 문의입니다.',
    tag: `contact-${id}`,
  })
  expect(message!.payload.url).toMatch(new RegExp(`/janekim/admin/inbox/${id}$`))
  expect((await push.inbox(phone.id)).refused).toEqual([])

  // Jane's own browser on her homepage: the builder's service worker does not reach it.
  await page.goto('/janekim')
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0)
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) ?? null)).toBeNull()
  await page.goto('/en/janekim/admin/notifications')

  // Removed from the list: no device left, nothing more sent.
  await page.getByRole('button', { name: /^Remove Chrome/ }).click()
  await expect(card.getByText('No device yet.')).toBeVisible()
  await page.waitForTimeout(300)
  expect(await received()).toHaveLength(1)
})
