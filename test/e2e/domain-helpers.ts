// What the Domain screen's browser tests share (domains.spec.ts against the local simulator,
// domains-cloudflare.spec.ts against the fake Cloudflare API): a published homepage of its own for each
// run, the realtor's sign-in, the homepage's canonical link, and the screen's screenshots in both languages.
import type { APIRequestContext, Browser } from '@playwright/test'
import { PUBLISHABLE } from '../fixtures/publishable'
import { ADMIN, chooseOwnPassword, signInTo, typedByAdmin } from './accounts'
import { expect, type Page } from './fixtures'

export const SHOTS = 'test/e2e/screenshots'

const letters = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')

/** The screen in both languages, as screenshots `{name}-{state}-{ko|en}-{project}.png`. */
export async function shoot(
  page: Page,
  browser: Browser,
  state: string,
  project: string,
  url: string,
  name = 'domain',
) {
  await page.screenshot({ path: `${SHOTS}/${name}-${state}-ko-${project}.png`, fullPage: true })
  const context = await browser.newContext({
    viewport: page.viewportSize()!,
    storageState: await page.context().storageState(),
    locale: 'en-US',
  })
  const english = await context.newPage()
  await english.goto(new URL(`/en${url}`, page.url()).href)
  await expect(english.getByTestId('domain-notice')).toBeAttached()
  // Hydrated: the screen's buttons are disabled until then, and look it.
  await expect(english.locator('.domain button').first()).toBeEnabled()
  await english.screenshot({ path: `${SHOTS}/${name}-${state}-en-${project}.png`, fullPage: true })
  await context.close()
  return english
}

/** A published homepage of its own for each run (the admin creates the account), and the admin's token. */
export async function newRealtor(request: APIRequestContext, project: string) {
  const { token } = (await (await request.post('/v1/auth/login', { data: ADMIN })).json()) as { token: string }
  const desiredUrl = `domain-${project}-${letters()}`
  const account = { name: 'Sora Lim', email: `${desiredUrl}@realtor.local`, password: 'domain-pass-2026', desiredUrl }
  const headers = { authorization: `Bearer ${token}` }
  const created = await request.post('/v1/accounts', {
    data: { ...account, password: typedByAdmin(account.password) },
    headers,
  })
  expect(created.status()).toBe(201)
  await chooseOwnPassword(request, account.email, account.password)
  const { realtor } = (await created.json()) as { realtor: { id: number } }
  const published = await request.patch(`/v1/realtor/${realtor.id}`, {
    data: { ...PUBLISHABLE, isMakeHomepage: 'Y' },
    headers,
  })
  expect(published.status()).toBe(200)
  return { account, realtorId: realtor.id, adminToken: token }
}

export async function signIn(page: Page, account: { email: string; password: string; desiredUrl: string }) {
  expect(await signInTo(page, account, `/${account.desiredUrl}/admin`)).toBe(true)
}

/** The canonical link of a page's HTML. */
export const canonicalIn = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]

/** The canonical link of the homepage's Korean home, read on the provider's site. */
export async function canonicalOf(request: APIRequestContext, url: string): Promise<string | undefined> {
  return canonicalIn(await (await request.get(url, { maxRedirects: 0 })).text())
}
