import { type APIRequestContext, request as playwrightRequest } from '@playwright/test'
import { ADMIN } from './accounts'
import { expectNoAxeViolations } from './axe'
import { expect, test } from './fixtures'
import { localEmails } from './local-email'

// Issue 31's invitations in the browser, at 1280 and 390 px, in Korean and English
// (docs/decisions/102-invitations.md): a landing lead becomes a homepage from its page in the Leads view,
// the console's form opens filled in from the lead, the invitation goes out in the lead's language, and its
// link, read in the local email file, sets the realtor's own password, passes the agreement and opens the
// editor. The admin is signed in by cookie (one API sign-in per run), to spare the shared sign-in budget.

const TEXT = {
  ko: {
    prefix: '',
    person: 'Kay',
    create: '이 신청으로 홈페이지 만들기',
    email: '이메일',
    address: '홈페이지 주소',
    language: '이메일 언어',
    send: '초대 보내기',
    sent: '주소로 초대를 보냈습니다.',
    invited: '초대됨',
    converted: '홈페이지 만듦',
    subject: '홈페이지가 준비되었습니다',
    password: '새 비밀번호 (8자 이상)',
    submit: '비밀번호 정하고 시작하기',
    tooShort: '8자',
    agree: '위 내용과 서비스 이용약관에 동의합니다.',
    agreeButton: '동의하고 계속하기',
    save: '저장',
  },
  en: {
    prefix: '/en',
    person: 'Eve',
    create: 'Create homepage from this lead',
    email: 'Email',
    address: 'Homepage address',
    language: 'Language of the email',
    send: 'Send invitation',
    sent: 'Invitation sent to',
    invited: 'Invited',
    converted: 'Homepage created',
    subject: 'Your homepage is ready',
    password: 'New password (8+ characters)',
    submit: 'Set the password and start',
    tooShort: '8',
    agree: 'I accept the above and the terms of service.',
    agreeButton: 'Accept and continue',
    save: 'Save',
  },
} as const

let api: APIRequestContext
let adminToken = ''

test.beforeAll(async ({ baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL })
  const response = await api.post('/v1/auth/login', { data: ADMIN })
  expect(response.status()).toBe(200)
  adminToken = ((await response.json()) as { token: string }).token
})

test.afterAll(async () => {
  await api.dispose()
})

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

for (const locale of ['ko', 'en'] as const) {
  const t = TEXT[locale]

  test(`${locale}: a landing lead becomes a realtor who sets a password and opens the editor`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const project = testInfo.project.name
    const name = `Invite ${t.person} ${project === 'desktop' ? 'Desktop' : 'Phone'}`
    const email = `invite-${locale}-${project}-${testInfo.retry}@realtor.local`

    // The lead, as the landing page's form sends it, in the test's language.
    const lead = await api.post('/api/send-to-slack', {
      headers: { 'accept-language': locale },
      data: {
        name,
        area: 'Irvine',
        phone: '(949) 555-0100',
        hasSite: 'no',
        privacyConsent: 'Y',
        contactConsent: 'Y',
      },
    })
    expect(lead.status()).toBe(201)
    const { id } = (await lead.json()) as { id: number }

    // The admin, signed in by the session cookie a sign-in sets.
    await page.context().addCookies([{ name: 'session', value: adminToken, url: baseURL! }])
    await page.goto(`${t.prefix}/admin/leads/${id}`)
    await expectNoAxeViolations(page, '.builder')
    await page.getByRole('link', { name: t.create }).click()
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/admin\\?lead=${id}#admin-create$`))

    // The form, filled in from the lead: its name, its language and a free address from the name.
    const form = page.locator('#admin-create')
    await expect(form.getByRole('button', { name: t.send })).toBeEnabled()
    await expect(form.getByTestId('lead-prefill')).toContainText(name)
    await expect(form.getByLabel(t.language)).toHaveValue(locale)
    const address = await form.getByLabel(t.address, { exact: true }).inputValue()
    expect(address).toMatch(new RegExp(`^invite-${t.person.toLowerCase()}-${project}(-[a-h])?$`))
    await expectNoAxeViolations(page, '.builder')
    const sentAfter = Date.now() - 1000
    await form.getByLabel(t.email, { exact: true }).fill(email)
    await form.getByRole('button', { name: t.send }).click()
    await expect(page.locator('.admin-console > .notice')).toContainText(t.sent)
    const row = page.locator(`.realtor-row[data-desired-url="${address}"]`)
    await expect(row.locator('[data-invitation="invited"]')).toContainText(t.invited)
    await expectNoAxeViolations(page, '.builder')

    // The lead now says it became a homepage.
    await page.goto(`${t.prefix}/admin/leads/${id}`)
    await expect(page.getByTestId('lead-converted')).toContainText(t.converted)

    // The mail, in the lead's language, carries the link.
    let mail = ''
    await expect
      .poll(() => {
        mail = localEmails(sentAfter).find((text) => text.includes(`To: ${email}`)) ?? ''
        return mail
      })
      .toContain(`${t.prefix}/login/invite#token=`)
    expect(mail).toContain(t.subject)
    const link = new RegExp(`${t.prefix}/login/invite#token=[A-Za-z0-9_-]{43}`).exec(mail)![0]

    // The realtor, in a browser of their own: their password (the one rule first), the agreement, the editor.
    const realtor = await browser.newContext({ ...testInfo.project.use, locale: locale === 'ko' ? 'ko-KR' : 'en-US' })
    const own = await realtor.newPage()
    own.on('pageerror', (error) => {
      throw error
    })
    await own.goto(link)
    await expect(own.getByRole('button', { name: t.submit })).toBeEnabled()
    await expectNoAxeViolations(own)
    await own.getByLabel(t.password).fill('short')
    await own.getByRole('button', { name: t.submit }).click()
    await expect(own.getByRole('alert')).toContainText(t.tooShort)
    await own.getByLabel(t.password).fill(`${address}-own-2026`)
    await own.getByRole('button', { name: t.submit }).click()
    await expect(own).toHaveURL(/\/agreement\?next=/)
    await own.getByLabel(t.agree).check()
    await own.getByRole('button', { name: t.agreeButton }).click()
    await expect(own).toHaveURL(`${t.prefix}/${address}/admin`)
    await expect(own.getByRole('button', { name: t.save, exact: true })).toBeEnabled()
    await realtor.close()
  })
}
