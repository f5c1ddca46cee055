import { JANE } from './accounts'
import { expect, type Page } from './fixtures'

// Jane Kim's inbox as she reads a kind of request: signed in, in the page's language, filtered with the
// form as a realtor does (docs/decisions/096-home-requests.md). The request specs end here.

const LABELS = {
  ko: { path: '/janekim/admin/inbox', filter: '유형', apply: '적용' },
  en: { path: '/en/janekim/admin/inbox', filter: 'Type', apply: 'Apply' },
} as const

/** Signs Jane in, opens her inbox and filters it to the kind whose option reads `kind`. */
export async function openJaneInboxOfKind(page: Page, locale: 'ko' | 'en', kind: string): Promise<void> {
  const label = LABELS[locale]
  expect((await page.request.post('/v1/auth/login', { data: JANE })).status()).toBe(200)
  await page.goto(label.path)
  await page.getByLabel(label.filter, { exact: true }).selectOption({ label: kind })
  await page.getByRole('button', { name: label.apply }).click()
  await expect(page).toHaveURL(/[?&]kind=/)
}
