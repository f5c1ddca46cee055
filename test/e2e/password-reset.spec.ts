import { type APIRequestContext, request as playwrightRequest } from '@playwright/test'
import { ADMIN, bearer } from './accounts'
import { expectNoAxeViolations } from './axe'
import { expect, test } from './fixtures'
import { localEmails } from './local-email'

// The way back in of issue 31 in the browser, at 1280 and 390 px, in Korean and English
// (docs/decisions/100-password-reset.md): from the landing page a realtor finds sign-in, asks for a link on
// "forgot password", reads it in the local email file, sets a new password, lands in the editor, and the
// link is dead after. Each project and language has its own realtor, so no run shares an account.

const TEXT = {
  ko: {
    prefix: '',
    signIn: '로그인',
    howItWorks: '이용 방법',
    forgot: '비밀번호를 잊으셨나요?',
    email: '이메일',
    send: '링크 보내기',
    sent: '이 이메일을 쓰는 계정이 있다면',
    password: '새 비밀번호 (8자 이상)',
    submit: '비밀번호 설정하고 로그인',
    tooShort: '8자',
    dead: '이 비밀번호 재설정 링크는 만료되었거나',
    save: '저장',
  },
  en: {
    prefix: '/en',
    signIn: 'Sign in',
    howItWorks: 'How it works',
    forgot: 'Forgot your password?',
    email: 'Email',
    send: 'Send the link',
    sent: 'If an account uses this email',
    password: 'New password (8+ characters)',
    submit: 'Set the password and sign in',
    tooShort: '8',
    dead: 'This password reset link has expired',
    save: 'Save',
  },
} as const

let admin: APIRequestContext
let adminToken = ''

/** A new realtor with a homepage at `address`, who has accepted the service agreement already. */
async function newRealtor(address: string) {
  const account = { email: `${address}@realtor.local`, password: `${address}-old-2026`, name: 'Reset Realtor' }
  const created = await admin.post('/v1/accounts', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { ...account, desiredUrl: address },
  })
  expect(created.status()).toBe(201)
  const token = await bearer(admin, account)
  const agreed = await admin.post('/v1/auth/agreement', { headers: { authorization: `Bearer ${token}` } })
  expect(agreed.status()).toBe(200)
  return account
}

test.beforeAll(async ({ baseURL }) => {
  admin = await playwrightRequest.newContext({ baseURL })
  adminToken = await bearer(admin, ADMIN)
})

test.afterAll(async () => {
  await admin.dispose()
})

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

for (const locale of ['ko', 'en'] as const) {
  const t = TEXT[locale]

  test(`${locale}: from the landing page to a new password and the editor, once`, async ({ page }, testInfo) => {
    const address = `reset-${locale}-${testInfo.project.name}`
    const realtor = await newRealtor(address)

    // The landing page's header has sign-in (and, with room, "how it works"); the footer has both.
    await page.goto(t.prefix || '/')
    const header = page.getByRole('banner')
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link', { name: t.howItWorks })).toHaveAttribute('href', `${t.prefix}/process`)
    await expect(footer.getByRole('link', { name: t.signIn })).toHaveAttribute('href', `${t.prefix}/login`)
    const process = header.getByRole('link', { name: t.howItWorks })
    if (testInfo.project.name === 'desktop') await expect(process).toHaveAttribute('href', `${t.prefix}/process`)
    else await expect(process).toBeHidden()
    // Nothing in the header runs off a phone's screen.
    const overflow = await page.evaluate(() => {
      const bar = document.querySelector('.site-header')!
      return [document.documentElement.scrollWidth - innerWidth, bar.scrollWidth - bar.clientWidth]
    })
    expect(overflow).toEqual([0, 0])
    await expectNoAxeViolations(page, '.site-header')
    await header.getByRole('link', { name: t.signIn }).click()
    await expect(page).toHaveURL(`${t.prefix}/login`)

    // "Forgot password" asks for the address and answers as it would for any address.
    await page.getByRole('link', { name: t.forgot }).click()
    await expect(page).toHaveURL(`${t.prefix}/login/forgot`)
    await expect(page.getByRole('button', { name: t.send })).toBeEnabled()
    await expectNoAxeViolations(page, '.builder')
    const asked = Date.now() - 1000
    await page.getByLabel(t.email).fill(realtor.email)
    await page.getByRole('button', { name: t.send }).click()
    await expect(page.getByRole('status')).toContainText(t.sent)
    await expectNoAxeViolations(page, '.builder')

    // The link, from the mail wrangler wrote, in the page's language.
    let mail = ''
    await expect
      .poll(() => {
        mail = localEmails(asked).find((text) => text.includes(`To: ${realtor.email}`)) ?? ''
        return mail
      })
      .toContain(`${t.prefix}/login/reset#token=`)
    const link = new RegExp(`${t.prefix}/login/reset#token=[A-Za-z0-9_-]{43}`).exec(mail)![0]

    // A password the one rule refuses is refused in the page's language, and the link still works.
    await page.goto(link)
    await expect(page.getByRole('button', { name: t.submit })).toBeEnabled()
    await expectNoAxeViolations(page, '.builder')
    await page.getByLabel(t.password).fill('short')
    await page.getByRole('button', { name: t.submit }).click()
    await expect(page.getByRole('alert')).toContainText(t.tooShort)
    await expectNoAxeViolations(page, '.builder')
    await page.getByLabel(t.password).fill(`${address}-new-2026`)
    await page.getByRole('button', { name: t.submit }).click()
    await expect(page).toHaveURL(`${t.prefix}/${address}/admin`)
    await expect(page.getByRole('button', { name: t.save, exact: true })).toBeEnabled()

    // The link is dead after: used once is used up.
    await page.goto(link)
    await page.getByLabel(t.password).fill(`${address}-again-2026`)
    await page.getByRole('button', { name: t.submit }).click()
    await expect(page.getByRole('alert')).toContainText(t.dead)
    // The new password signs in; the old one no longer does.
    const signIn = (password: string) => admin.post('/v1/auth/login', { data: { email: realtor.email, password } })
    expect((await signIn(`${address}-new-2026`)).status()).toBe(200)
    expect((await signIn(realtor.password)).status()).toBe(401)
  })
}
