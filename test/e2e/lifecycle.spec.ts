import { PUBLISHABLE } from '../fixtures/publishable'
import { ADMIN, bearer, chooseOwnPassword, submitSignIn, typedByAdmin } from './accounts'
import { openAdvanced } from './advanced-menu'
import { expectNoAxeViolations } from './axe'
import { expect, test } from './fixtures'

const PASSWORD = 'lifecycle-2026'
const SHOTS = 'test/e2e/screenshots'

const TEXT = {
  ko: {
    address: '홈페이지 주소',
    save: '저장',
    remove: '홈페이지 삭제',
    change: '주소 바꾸고 저장',
    type: /홈페이지 주소를 입력/,
  },
  en: {
    address: 'Homepage address',
    save: 'Save',
    remove: 'Delete homepage',
    change: 'Change address and save',
    type: /type the address/,
  },
} as const

test('a realtor changes the address, the old one redirects; deletes the homepage; an admin restores it', async ({
  page,
  request,
}, testInfo) => {
  page.on('pageerror', (error) => {
    throw error
  })
  const project = testInfo.project.name
  const lang = project === 'desktop' ? 'ko' : 'en'
  const t = TEXT[lang]
  const prefix = lang === 'en' ? '/en' : ''
  const first = `lifecycle-${project}`
  const second = `moved-${project}`
  const email = `${first}@lifecycle.test`

  const token = await bearer(request, ADMIN)
  const admin = { authorization: `Bearer ${token}` }
  const created = await request.post('/v1/accounts', {
    headers: admin,
    data: { email, password: typedByAdmin(PASSWORD), name: `Lifecycle ${project}`, desiredUrl: first },
  })
  expect(created.status(), await created.text()).toBe(201)
  await chooseOwnPassword(request, email, PASSWORD)
  const { realtor } = (await created.json()) as { realtor: { id: number } }
  // Published, so the address it leaves is held and redirects (decision 083: an address never published
  // under is free at once; test/e2e/address-limit.spec.ts shows that case).
  const published = await request.patch(`/v1/realtor/${realtor.id}`, {
    headers: admin,
    data: { ...PUBLISHABLE, isMakeHomepage: 'Y' },
  })
  expect(published.status()).toBe(200)

  // Change the address: a warning with both full addresses before saving, a confirmation on save.
  await submitSignIn(page, { email, password: PASSWORD })
  // A new account accepts the service agreement first (its own screen, not this test's subject).
  await expect(page).toHaveURL(/\/agreement/)
  const origin = new URL(page.url()).origin
  expect((await page.request.post('/v1/auth/agreement', { headers: { origin } })).status()).toBe(200)
  await page.goto(`${prefix}/${first}/admin`)
  const save = page.getByRole('button', { name: t.save, exact: true })
  await expect(save).toBeEnabled()
  await page.getByLabel(t.address, { exact: true }).fill(second)
  const warning = page.getByTestId('address-change')
  await expect(warning).toContainText(`/${first}`)
  await expect(warning).toContainText(`/${second}`)
  await page.screenshot({ path: `${SHOTS}/lifecycle-address-warning-${project}-${lang}.png` })
  await save.click()
  const confirm = page.getByTestId('address-dialog')
  await expect(confirm).toBeVisible()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/lifecycle-address-dialog-${project}-${lang}.png` })
  await confirm.getByRole('button', { name: t.change }).click()
  const notice = page.getByTestId('editor-notice')
  await expect(notice).toContainText(`/${first} → `)
  await expect(notice).toContainText(`/${second}`)
  await expect(page).toHaveURL(new RegExp(`/${second}/admin$`))

  // The old address and its pages move for good to the new one.
  const moved = await request.get(`/en/${first}/terms?ref=card`, { maxRedirects: 0 })
  expect(moved.status()).toBe(301)
  expect(moved.headers().location).toBe(`/en/${second}/terms?ref=card`)
  await page.goto(`/${first}`)
  await expect(page).toHaveURL(new RegExp(`/${second}$`))

  // Delete: our own dialog, which needs the address typed.
  await page.goto(`${prefix}/${second}/admin`)
  await expect(save).toBeEnabled()
  await (await openAdvanced(page)).getByRole('button', { name: t.remove }).click()
  const dialog = page.getByTestId('delete-dialog')
  const confirmDelete = dialog.getByRole('button', { name: t.remove })
  await dialog.getByLabel(t.type).fill('not-the-address')
  await expect(confirmDelete).toBeDisabled()
  await dialog.getByLabel(t.type).fill(second)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/lifecycle-delete-dialog-${project}-${lang}.png` })
  await confirmDelete.click()
  const deleted = page.getByTestId('homepage-deleted')
  await expect(deleted).toBeVisible()
  await page.reload()
  await expect(deleted).toBeVisible()
  await expect(page.getByRole('button', { name: t.save, exact: true })).toHaveCount(0)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/lifecycle-deleted-${project}-${lang}.png`, fullPage: true })
  const other = lang === 'ko' ? 'en' : 'ko'
  await page.goto(`${other === 'en' ? '/en' : ''}/${second}/admin`)
  await expect(deleted).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/lifecycle-deleted-${project}-${other}.png`, fullPage: true })
  expect((await request.get(`/${second}`)).status()).toBe(404)

  // An admin restores it: the editor works again.
  expect((await request.post(`/v1/realtor/${realtor.id}/restore`, { headers: admin })).status()).toBe(200)
  await page.goto(`${prefix}/${second}/admin`)
  await expect(save).toBeEnabled()
  await page.getByLabel(t.address, { exact: true }).fill(first)
  await save.click()
  await confirm.getByRole('button', { name: t.change }).click()
  await expect(notice).toContainText(`/${second} → `)
  await expect(page).toHaveURL(new RegExp(`/${first}/admin$`))
})
