import PostalMime from 'postal-mime'
import { startFakePush } from '../fixtures/fake-push'
import { fakePushClient } from '../fixtures/fake-push-client'
import { PUBLISHABLE } from '../fixtures/publishable'
import { ADMIN, chooseOwnPassword, typedByAdmin } from './accounts'
import { ownAddress, sendContactForm } from './contact-form'
import { expect, test } from './fixtures'
import { localEmailFiles } from './local-email'

// Issue 26's "done when", as a realtor and a buyer would try it at 390 px (and 1280): a brand-new realtor
// created by the admin saves nothing; a visitor writes from their English page with "(404) 555-7788";
// within 5 s one HTML + text email (Reply-To the visitor, a tel:+14045557788 link) is in wrangler's local
// email folder and the realtor's subscribed device got exactly one decryptable push; the inbox shows the
// time on the realtor's clock, the name as typed and the phone as a tap-to-call link; on the Korean page
// the same number with KR selected is taken as a US number.
const SHOTS = 'test/e2e/screenshots'

/** The raw messages wrangler's local send_email wrote since `since` (ms) to `to`. */
const emailsTo = (to: string, since: number) =>
  localEmailFiles(since).filter((raw) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\r?$`, 'm').test(raw))

let fake: Awaited<ReturnType<typeof startFakePush>>
test.beforeAll(async () => {
  fake = await startFakePush()
})
test.afterAll(async () => {
  await fake.close()
})

test('a new realtor hears of a buyer within seconds, by email and on their phone, with nothing saved', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  page.on('pageerror', (error) => {
    throw error
  })
  const project = testInfo.project.name
  // Letters only (an address is letters, _ and -): the run's time spelled with them.
  const address = `lead${project}${Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`
  const email = `${address}@realtor.local`
  const password = 'speed-to-lead-2026'

  // The admin creates the realtor; the realtor publishes and subscribes a phone. Nothing else is saved.
  const admin = (await (await request.post('/v1/auth/login', { data: ADMIN })).json()) as { token: string }
  const created = await request.post('/v1/accounts', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { name: 'Grace Park', email, password: typedByAdmin(password), desiredUrl: address },
  })
  expect(created.status()).toBe(201)
  await chooseOwnPassword(request, email, password)
  const { realtor } = (await created.json()) as { realtor: { id: number } }
  const own = (await (await request.post('/v1/auth/login', { data: { email, password } })).json()) as {
    token: string
  }
  const auth = { authorization: `Bearer ${own.token}` }
  const published = await request.patch(`/v1/realtor/${realtor.id}`, {
    headers: auth,
    data: { ...PUBLISHABLE, isMakeHomepage: 'Y' },
  })
  expect(published.status()).toBe(200)
  const settings = await (await request.get(`/v1/realtor/${realtor.id}/notifications`, { headers: auth })).json()
  expect(settings).toMatchObject({ saved: false, channels: ['realtor-email'], settings: { email } })
  const { publicKey } = await (await request.get(`/v1/realtor/${realtor.id}/push`, { headers: auth })).json()
  const push = fakePushClient(fake.origin)
  const phone = await push.subscribe(publicKey)
  const device = await request.post(`/v1/realtor/${realtor.id}/push`, {
    headers: { ...auth, origin: baseURL! },
    data: phone.subscription,
  })
  expect(device.status()).toBe(201)

  // A buyer on a phone writes from the English page, typing the number the way people do.
  const since = Date.now() - 1000
  const buyer = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, ...ownAddress() })
  const visitor = await buyer.newPage()
  await visitor.goto(`/en/${address}`)
  await expect(visitor.locator('form.contact-form--contact').getByLabel('Country code')).toHaveValue('US')
  const answer = await sendContactForm(visitor, 'en', {
    lastName: 'Nguyen',
    firstName: 'Amy',
    email: 'amy.nguyen@example.com',
    phone: '(404) 555-7788',
    message: 'Hi! Is the Duluth house still available? <a href="https://evil.example">x</a>',
  })
  expect(answer.status()).toBe(201)
  const { id } = (await answer.json()) as { id: number }
  await expect(visitor.getByText('Thank you!')).toBeVisible()
  await buyer.close()

  // Within 5 s: one email, HTML and text, Reply-To the buyer, a tap-to-call link.
  await expect.poll(() => emailsTo(email, since).length, { timeout: 5000 }).toBe(1)
  const mail = await PostalMime.parse(emailsTo(email, since)[0]!)
  expect(mail.replyTo?.map((entry) => entry.address)).toEqual(['amy.nguyen@example.com'])
  expect(mail.text).toContain('(404) 555-7788')
  expect(mail.html).toContain('href="tel:+14045557788"')
  expect(mail.html).toContain('href="mailto:amy.nguyen@example.com"')
  expect(mail.html).toContain(`/${address}/admin/inbox/${id}`)
  expect(mail.html).not.toContain('href="https://evil.example"')
  // …and exactly one push the device can decrypt, opening the inbox entry.
  await expect.poll(async () => (await push.inbox(phone.id)).received.length, { timeout: 5000 }).toBe(1)
  const [pushed] = (await push.inbox(phone.id)).received
  expect(pushed!.payload.url).toMatch(new RegExp(`/${address}/admin/inbox/${id}$`))
  expect(pushed!.payload.title).toContain('Amy Nguyen')

  // The realtor's inbox on their phone: their clock (no region yet: Pacific), the name as typed, tap-to-call.
  await page.request.post('/v1/auth/login', { data: { email, password } })
  await page.request.post('/v1/auth/agreement', { headers: { origin: baseURL! } })
  await page.goto(`/en/${address}/admin/inbox`)
  await expect(page).toHaveURL(new RegExp(`/en/${address}/admin/inbox$`))
  const first = page.locator('.inbox-item').first()
  await expect(first.locator('.inbox-item__name')).toHaveText('Amy Nguyen')
  await expect(first.locator('.inbox-item__time')).toHaveText(/P[SD]T$/)
  const call = first.getByRole('link', { name: '(404) 555-7788' })
  await expect(call).toHaveAttribute('href', 'tel:+14045557788')
  await expect(first.getByRole('link', { name: 'amy.nguyen@example.com' })).toHaveAttribute(
    'href',
    'mailto:amy.nguyen@example.com',
  )
  // The first lead is on the first screen.
  const box = await first.boundingBox()
  expect(box!.y + box!.height).toBeLessThanOrEqual(page.viewportSize()!.height)
  await page.screenshot({ path: `${SHOTS}/speed-to-lead-inbox-en-${project}.png` })
  await page.goto(`/${address}/admin/inbox`)
  await expect(page.locator('.inbox-item').first().locator('.inbox-item__time')).toHaveText(/(태평양|P[SD]T)/)
  await page.screenshot({ path: `${SHOTS}/speed-to-lead-inbox-ko-${project}.png` })
  // Her Notifications screen says what is on, though she never saved anything there.
  await page.goto(`/${address}/admin/notifications`)
  const status = page.getByTestId('notify-status')
  await expect(status).toContainText(`이메일 켜짐: 새 문의를 ${email}(으)로 보냅니다.`)
  await expect(status).toContainText('기본값')
  await page.screenshot({ path: `${SHOTS}/speed-to-lead-notify-ko-${project}.png` })

  // The Korean page: KR is selected, and a US number typed the US way is taken as one.
  const korean = await browser.newContext({ locale: 'ko-KR', viewport: { width: 390, height: 844 }, ...ownAddress() })
  const koVisitor = await korean.newPage()
  await koVisitor.goto(`/${address}`)
  await expect(koVisitor.locator('form.contact-form--contact').getByLabel('국가 번호')).toHaveValue('KR')
  const koPosted = await sendContactForm(koVisitor, 'ko', {
    lastName: '박',
    firstName: '지민',
    email: 'jimin@example.com',
    phone: '(404) 555-7788',
    message: '둘루스 집 문의드립니다.',
  })
  expect(koPosted.status()).toBe(201)
  await korean.close()
  await page.goto(`/en/${address}/admin/inbox`)
  const jimin = page.locator('.inbox-item').filter({ hasText: '박 지민' })
  await expect(jimin.getByRole('link', { name: '(404) 555-7788' })).toHaveAttribute('href', 'tel:+14045557788')
})
