// Changing the address of a homepage never published (docs/decisions/083-address-squatting.md): the editor
// says the old address will not redirect and is free at once, and that the address changes at most 3 times
// in 24 hours; the 4th change is refused with the server's message, in the page's language, in the notice
// and under the address field. Desktop in Korean, phone in English.
import { PUBLISHABLE } from '../fixtures/publishable'
import { ADMIN, chooseOwnPassword, submitSignIn, typedByAdmin } from './accounts'
import { expectNoAxeViolations } from './axe'
import { expect, test } from './fixtures'

const PASSWORD = 'address-limit-2026'
const SHOTS = 'test/e2e/screenshots'

const TEXT = {
  ko: {
    address: '홈페이지 주소',
    save: '저장',
    change: '주소 바꾸고 저장',
    free: '기존 주소로는 홈페이지를 공개한 적이 없어 자동 연결되지 않으며, 다른 홈페이지가 바로 쓸 수 있습니다.',
    limit: '주소는 24시간에 3번까지 바꿀 수 있습니다.',
    moved: '공개한 적이 없어 다른 홈페이지가 바로 쓸 수 있습니다.',
    refused: '홈페이지 주소는 24시간에 3번까지 바꿀 수 있습니다. 24시간 후에 다시 바꿀 수 있습니다.',
  },
  en: {
    address: 'Homepage address',
    save: 'Save',
    change: 'Change address and save',
    free: 'The homepage was never published at the old address, so it will not redirect, and any homepage may take it at once.',
    limit: 'The address can change 3 times in 24 hours.',
    moved: 'was never published and is free for others.',
    refused: 'A homepage address can change 3 times in 24 hours. You can change it again in 24 hours.',
  },
} as const

test('an unpublished homepage moves freely, and the 4th change in a day is refused with a translated message', async ({
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
  const name = (step: string) => `limit-${project}-${step}`
  const email = `${name('a')}@address-limit.test`

  const login = await request.post('/v1/auth/login', { data: ADMIN })
  const admin = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` }
  const created = await request.post('/v1/accounts', {
    headers: admin,
    data: { email, password: typedByAdmin(PASSWORD), name: `Limit ${project}`, desiredUrl: name('a') },
  })
  expect(created.status(), await created.text()).toBe(201)
  await chooseOwnPassword(request, email, PASSWORD)
  const { realtor } = (await created.json()) as { realtor: { id: number } }

  await submitSignIn(page, { email: email, password: PASSWORD })
  await expect(page).toHaveURL(/\/agreement/)
  const origin = new URL(page.url()).origin
  expect((await page.request.post('/v1/auth/agreement', { headers: { origin } })).status()).toBe(200)

  // The first change: never published, so no redirect is promised, and the limit is said before saving.
  await page.goto(`${prefix}/${name('a')}/admin`)
  const save = page.getByRole('button', { name: t.save, exact: true })
  await expect(save).toBeEnabled()
  const field = page.getByLabel(t.address, { exact: true })
  await field.fill(name('b'))
  await save.click()
  const confirm = page.getByTestId('address-dialog')
  await expect(confirm).toContainText(t.free)
  await expect(confirm).toContainText(t.limit)
  await confirm.getByRole('button', { name: t.change }).click()
  const notice = page.getByTestId('editor-notice')
  await expect(notice).toContainText(t.moved)
  expect((await request.get(`/${name('a')}`, { maxRedirects: 0 })).status()).toBe(404)

  // Two more through the API (the same session), then the 4th in the editor is refused.
  for (const step of ['c', 'd']) {
    const moved = await page.request.patch(`/v1/realtor/${realtor.id}`, {
      headers: { origin },
      data: { desiredUrl: name(step) },
    })
    expect(moved.status()).toBe(200)
  }
  await page.goto(`${prefix}/${name('d')}/admin`)
  await expect(save).toBeEnabled()
  await field.fill(name('e'))
  await save.click()
  await confirm.getByRole('button', { name: t.change }).click()
  await expect(notice).toHaveText(t.refused)
  await expect(page.getByText(t.refused)).toHaveCount(2)
  await expect(page).toHaveURL(new RegExp(`/${name('d')}/admin$`))
  await field.scrollIntoViewIfNeeded()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/address-limit-${project}-${lang}.png` })
})

const RELEASE_TEXT = {
  ko: { release: '해제', confirm: '주소 해제', released: '주소를 해제했습니다.' },
  en: { release: 'Release', confirm: 'Release address', released: 'is released' },
} as const

test('an admin releases a held address from the console: it stops redirecting', async ({ page, request }, testInfo) => {
  page.on('pageerror', (error) => {
    throw error
  })
  const project = testInfo.project.name
  const lang = project === 'desktop' ? 'ko' : 'en'
  const t = RELEASE_TEXT[lang]
  const prefix = lang === 'en' ? '/en' : ''
  const held = `held-${project}-old`
  const current = `held-${project}-new`

  const login = await request.post('/v1/auth/login', { data: ADMIN })
  const admin = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` }
  const made = await request.post('/v1/realtor', {
    headers: admin,
    data: { ...PUBLISHABLE, desiredUrl: held, isMakeHomepage: 'Y' },
  })
  expect(made.status()).toBe(201)
  const { id } = (await made.json()) as { id: number }
  expect((await request.patch(`/v1/realtor/${id}`, { headers: admin, data: { desiredUrl: current } })).status()).toBe(
    200,
  )
  expect((await request.get(`/${held}`, { maxRedirects: 0 })).headers().location).toBe(`/${current}`)

  await submitSignIn(page, ADMIN)
  await expect(page).toHaveURL(/\/admin$/)
  await page.goto(`${prefix}/admin?q=${current}`)
  const row = page.locator(`[data-desired-url="${current}"]`)
  const entry = row.locator(`[data-held-address="${held}"]`)
  await expect(entry).toContainText(`/${held}`)
  await entry.getByRole('button', { name: `${t.release}: /${held}` }).click()
  const dialog = page.getByTestId('release-dialog')
  await expect(dialog).toContainText(`/${held}`)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/address-release-dialog-${project}-${lang}.png` })
  await dialog.getByRole('button', { name: t.confirm }).click()
  await expect(page.getByRole('status').filter({ hasText: t.released })).toBeVisible()
  await expect(entry).toHaveCount(0)
  expect((await request.get(`/${held}`, { maxRedirects: 0 })).status()).toBe(404)
})
