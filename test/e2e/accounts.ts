// Who the browser tests sign in as, and how, in one place: the seeded admin and demo realtor (`npm start`'s
// seed), a bearer token as an API client gets one, and the Korean sign-in form followed, for an account that has
// not accepted it yet, by the service agreement.
import type { APIRequest, APIRequestContext } from '@playwright/test'
import { expect, type Page } from './fixtures'

export interface Credentials {
  email: string
  password: string
}

export const ADMIN: Credentials = { email: 'admin@realtor.local', password: 'realtor-admin-2026' }
/** Every demo realtor's password; each signs in as `<address>@realtor.local`. */
export const DEMO_PASSWORD = 'demo-realtor-2026'
export const JANE: Credentials = { email: 'janekim@realtor.local', password: DEMO_PASSWORD }

/** The account's bearer token, as an API client gets it. */
export async function bearer(api: APIRequestContext, account: Credentials): Promise<string> {
  // Only the two fields: sign-in refuses any other (an account record carries its name too).
  const response = await api.post('/v1/auth/login', { data: { email: account.email, password: account.password } })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { token: string }).token
}

/**
 * The password the admin types when a test makes an account for a realtor whose own password is `own`: the
 * realtor replaces it at the first sign-in (docs/decisions/106-temporary-passwords.md), see chooseOwnPassword.
 */
export const typedByAdmin = (own: string) => `${own}-typed`

/**
 * What the realtor of an account the admin made with typedByAdmin(own) does first, through the API: signs in
 * with the admin's password and replaces it with `own`, so the test then signs in as any realtor would.
 */
export async function chooseOwnPassword(api: APIRequestContext, email: string, own: string): Promise<void> {
  const token = await bearer(api, { email, password: typedByAdmin(own) })
  const changed = await api.post('/v1/accounts/me/password', {
    headers: { authorization: `Bearer ${token}` },
    data: { currentPassword: typedByAdmin(own), newPassword: own },
  })
  expect(changed.status(), await changed.text()).toBe(200)
}

/** Fills and sends the Korean sign-in form at `from`; where it lands is the caller's to check. */
export async function submitSignIn(page: Page, account: Credentials, from = '/login'): Promise<void> {
  await page.goto(from)
  await page.getByLabel('이메일').fill(account.email)
  await page.getByLabel('비밀번호').fill(account.password)
  await page.getByRole('button', { name: '로그인' }).click()
}

/**
 * Signs in through the form on its way to `next` (a path), accepting the service agreement when it is asked
 * first, and waits for `next`. Resolves with whether the agreement was asked.
 */
export async function signInTo(page: Page, account: Credentials, next: string): Promise<boolean> {
  await submitSignIn(page, account, `/login?next=${encodeURIComponent(next)}`)
  await page.waitForURL((url) => url.pathname === '/agreement' || url.pathname === next)
  const asked = new URL(page.url()).pathname === '/agreement'
  if (asked) {
    // Checked only once the form is interactive, so hydration cannot reset the box.
    await expect(page.getByRole('button', { name: '동의하고 계속하기' })).toBeEnabled()
    await page.getByLabel('위 내용과 서비스 이용약관에 동의합니다.').check()
    await page.getByRole('button', { name: '동의하고 계속하기' }).click()
  }
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
  return asked
}

/**
 * A request context signed in as the seed's admin, for specs that switch realtors' settings through the API. Every
 * local request shares one sign-in budget (docs/decisions/026-sign-in-throttling.md): a 429 waits out its minute.
 */
export async function adminRequest(playwright: { request: APIRequest }, baseURL: string | undefined) {
  const admin = await playwright.request.newContext({ baseURL })
  for (let attempt = 0; ; attempt++) {
    const login = await admin.post('/v1/auth/login', { data: ADMIN })
    if (login.status() === 429 && attempt < 2) {
      await new Promise((resolve) => setTimeout(resolve, 61_000))
      continue
    }
    if (login.status() !== 200) throw new Error(`the admin could not sign in: ${login.status()}`)
    return admin
  }
}
