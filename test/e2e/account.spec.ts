import { type APIRequestContext, request as playwrightRequest } from '@playwright/test'
import { ADMIN, bearer, chooseOwnPassword, signInTo, submitSignIn, typedByAdmin } from './accounts'
import { expectNoAxeViolations } from './axe'
import { expect, type Page, test } from './fixtures'

// The account part of issue 17 in the browser, at 1280 and 390 px: the settings page (name, password,
// sign out of every device, each revoking what it must), sign-out with unsaved changes asking first,
// and the admin console's server-side search and password reset. Each project makes its own realtors
// through the admin API, so the runs of both widths never share an account.
const SHOTS = 'test/e2e/screenshots'

let admin: APIRequestContext
let adminToken = ''

async function statusOfMe(api: APIRequestContext, token: string): Promise<number> {
  return (await api.get('/v1/auth/me', { headers: { authorization: `Bearer ${token}` } })).status()
}

/**
 * A new realtor account with its homepage at `address` (letters and hyphens only), whose realtor has replaced
 * the password the admin typed with their own (decision 106).
 */
async function newRealtor(address: string, name: string) {
  const account = { email: `${address}@realtor.local`, password: `${address}-pass-2026`, name }
  const response = await admin.post('/v1/accounts', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { ...account, password: typedByAdmin(account.password), desiredUrl: address },
  })
  expect(response.status()).toBe(201)
  await chooseOwnPassword(admin, account.email, account.password)
  return { ...account, id: ((await response.json()) as { account: { id: number } }).account.id }
}

/** Signs in through the form, accepts the agreement, and waits for the editor to be interactive. */
async function signInToEditor(page: Page, email: string, password: string, address: string) {
  expect(await signInTo(page, { email, password }, `/${address}/admin`)).toBe(true)
  await expect(page.getByRole('button', { name: '저장', exact: true })).toBeEnabled()
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

test('settings: the new name shows in the editor; a password change and sign-out-everywhere revoke bearer tokens', async ({
  page,
  request,
}, testInfo) => {
  const address = `settings-${testInfo.project.name}`
  const realtor = await newRealtor(address, 'Before Rename')
  await signInToEditor(page, realtor.email, realtor.password, address)

  // The editor links to the settings page; the name changes there and the editor shows it.
  await page.getByRole('link', { name: '계정 설정' }).click()
  await expect(page).toHaveURL(new RegExp(`/${address}/admin/settings$`))
  await expect(page.getByRole('heading', { level: 1, name: '계정 설정' })).toBeVisible()
  await expect(page.getByRole('button', { name: '이름과 이메일 저장' })).toBeEnabled()
  await page.getByLabel('이름', { exact: true }).fill('김하늘')
  await page.getByRole('button', { name: '이름과 이메일 저장' }).click()
  await expect(page.locator('#settings-profile-notice')).toHaveText('이름과 이메일을 저장했습니다.')
  // A new email needs the current password: the field appears, and an empty one is refused in place.
  await page.getByLabel('로그인 이메일').fill(`${address}-new@realtor.local`)
  await page.getByRole('button', { name: '이름과 이메일 저장' }).click()
  await expect(page.locator('#settings-email-password-error')).toHaveText('필수 항목입니다.')
  await page.getByLabel('로그인 이메일').fill(realtor.email)
  await expect(page.getByLabel('현재 비밀번호')).toHaveCount(1)

  await page.getByRole('link', { name: '← 돌아가기' }).click()
  await expect(page).toHaveURL(new RegExp(`/${address}/admin$`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText('김하늘')

  // A password change: every token minted before stops, this browser stays signed in.
  const before = await bearer(request, realtor)
  expect(await statusOfMe(request, before)).toBe(200)
  await page.goto(`/${address}/admin/settings`)
  await expect(page.getByRole('button', { name: '비밀번호 변경' })).toBeEnabled()
  const passwordForm = page.locator('form').filter({ has: page.getByLabel('새 비밀번호') })
  await passwordForm.getByLabel('현재 비밀번호').fill('not-the-password')
  await passwordForm.getByLabel('새 비밀번호').fill('a-new-password-2026')
  await page.getByRole('button', { name: '비밀번호 변경' }).click()
  await expect(page.locator('#settings-current-password-error')).toHaveText('현재 비밀번호가 올바르지 않습니다.')
  await passwordForm.getByLabel('현재 비밀번호').fill(realtor.password)
  await page.getByRole('button', { name: '비밀번호 변경' }).click()
  await expect(page.locator('#settings-password-notice')).toContainText('비밀번호를 바꿨습니다.')
  expect(await statusOfMe(request, before)).toBe(401)
  await page.goto(`/${address}/admin`)
  await expect(page.getByRole('button', { name: '저장', exact: true })).toBeEnabled()
  await page.goto(`/${address}/admin/settings`)
  await expectNoAxeViolations(page, '.builder')
  await page.screenshot({ path: `${SHOTS}/settings-${testInfo.project.name}.png`, fullPage: true })

  // Sign out of every device: this browser goes to sign-in, and a token minted just now is refused.
  const current = await bearer(request, { email: realtor.email, password: 'a-new-password-2026' })
  expect(await statusOfMe(request, current)).toBe(200)
  await page.getByRole('button', { name: '모든 기기에서 로그아웃' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await statusOfMe(request, current)).toBe(401)
  await page.goto(`/${address}/admin`)
  await expect(page).toHaveURL(new RegExp(`/${address}/login\\?next=`))
})

test('sign-out with unsaved changes asks first in our dialog: Stay keeps the session and Save works', async ({
  page,
}, testInfo) => {
  const address = `unsaved-${testInfo.project.name}`
  const realtor = await newRealtor(address, 'Unsaved Changes')
  await signInToEditor(page, realtor.email, realtor.password, address)
  // The browser's own beforeunload prompt must never appear on top of ours.
  const browserPrompts: string[] = []
  page.on('dialog', (dialog) => {
    browserPrompts.push(dialog.type())
    void dialog.dismiss()
  })

  await page.getByLabel('자기소개 (한국어)').fill('저장하기 전에 로그아웃을 눌러 봅니다.')
  await page.getByRole('button', { name: '로그아웃' }).click()
  const dialog = page.getByRole('dialog', { name: '저장하지 않은 변경 사항이 있습니다' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: '머무르기' })).toBeFocused()
  await page.screenshot({ path: `${SHOTS}/sign-out-dialog-${testInfo.project.name}.png` })
  await dialog.getByRole('button', { name: '머무르기' }).click()
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: '저장', exact: true }).click()
  await expect(page.getByTestId('editor-notice')).toHaveText('성공적으로 수정 되었습니다.')

  // Again with a change, and this time sign out without saving: straight to sign-in, no browser prompt.
  await page.getByLabel('자기소개 (한국어)').fill('이번에는 저장하지 않습니다.')
  await page.getByRole('button', { name: '로그아웃' }).click()
  await dialog.getByRole('button', { name: '저장하지 않고 로그아웃' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(browserPrompts).toEqual([])
  // Saved text stayed, unsaved text did not (read as the admin: a new homepage is unpublished).
  const saved = await (
    await admin.get(`/v1/realtor/${address}`, { headers: { authorization: `Bearer ${adminToken}` } })
  ).json()
  expect(saved.aboutMeKr).toBe('저장하기 전에 로그아웃을 눌러 봅니다.')
})

test('the admin console searches Korean names on the server, keeps the search in the URL and resets a password', async ({
  page,
  request,
}, testInfo) => {
  const address = `reset-${testInfo.project.name}`
  const realtor = await newRealtor(address, 'Reset Me')
  await submitSignIn(page, ADMIN)
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('button', { name: '초대 보내기' })).toBeEnabled()

  const rows = page.locator('.account-row')
  await page.getByRole('searchbox').fill('김')
  await expect(page).toHaveURL(/\/admin\?q=%EA%B9%80$/)
  await expect(rows.first()).toContainText('김제인')
  for (const text of await rows.allInnerTexts()) expect(text).toContain('김')
  await expect(page.locator('.account-row[data-desired-url="janekim"]')).toContainText('janekim@realtor.local')
  await expect(page.locator('.account-row[data-desired-url="janekim"]')).toContainText(/공개 중|비공개/)
  // The URL is shareable: loaded afresh, the server renders the same search.
  await page.reload()
  await expect(page.getByRole('searchbox')).toHaveValue('김')
  await expect(rows.first()).toContainText('김제인')
  await expectNoAxeViolations(page, '.builder')
  await page.screenshot({ path: `${SHOTS}/admin-search-${testInfo.project.name}.png`, fullPage: true })

  // Delete asks for the address: a wrong one is refused in place, and nothing is sent.
  await page.getByRole('searchbox').fill(address)
  const row = page.locator(`.account-row[data-desired-url="${address}"]`)
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: /^삭제/ }).click()
  const deleting = page.getByRole('dialog', { name: `/${address} 홈페이지를 삭제할까요?` })
  await deleting.getByLabel('홈페이지 주소').fill('not-the-address')
  await deleting.getByRole('button', { name: '홈페이지 삭제' }).click()
  await expect(deleting.locator('#delete-address-error')).toHaveText(`표시된 주소를 그대로 입력해 주세요: ${address}`)
  await page.screenshot({ path: `${SHOTS}/admin-delete-${testInfo.project.name}.png` })
  await deleting.getByRole('button', { name: '취소' }).click()
  // Still there, read with the admin's session (a new homepage is unpublished, so not publicly).
  expect((await page.request.get(`/v1/realtor/${address}`)).status()).toBe(200)

  // Reset password: the temporary password shows once, the old one and the old sessions stop.
  const old = await bearer(request, realtor)
  await row.getByRole('button', { name: /^비밀번호 재설정/ }).click()
  const resetting = page.getByRole('dialog', { name: `${realtor.email} 계정의 비밀번호를 재설정할까요?` })
  await resetting.getByRole('button', { name: '재설정' }).click()
  const temporary = (await resetting.getByTestId('temporary-password').innerText()).trim()
  expect(temporary).toMatch(/^[\w-]{16}$/)
  await page.screenshot({ path: `${SHOTS}/admin-reset-${testInfo.project.name}.png` })
  await resetting.getByRole('button', { name: '닫기' }).click()
  expect(await statusOfMe(request, old)).toBe(401)
  expect(await statusOfMe(request, await bearer(request, { email: realtor.email, password: temporary }))).toBe(200)

  // The realtor signs in with it and first chooses their own, in place (decision 106); no cookie until then.
  await page.context().clearCookies()
  await submitSignIn(page, { email: realtor.email, password: temporary })
  const step = page.getByRole('heading', { name: '나만의 비밀번호 정하기' })
  await expect(step).toBeFocused()
  await expect(page).toHaveURL(/\/login$/)
  await expectNoAxeViolations(page, '.builder')
  await page.screenshot({ path: `${SHOTS}/temporary-password-ko-${testInfo.project.name}.png`, fullPage: true })
  // The same password again is refused, in place, and changes nothing.
  await page.getByLabel('새 비밀번호 (8자 이상)').fill(temporary)
  await page.getByRole('button', { name: '저장하고 계속하기' }).click()
  await expect(page.locator('#login-new-password-error')).toHaveText('새 비밀번호는 현재 비밀번호와 달라야 합니다.')
  await expectNoAxeViolations(page, '.builder')
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('session')
  // Leaving without a change: the next sign-in asks again.
  await submitSignIn(page, { email: realtor.email, password: temporary })
  await expect(step).toBeFocused()
  await page.getByLabel('새 비밀번호 (8자 이상)').fill('reset-own-password-2026')
  await page.getByRole('button', { name: '저장하고 계속하기' }).click()
  // Then on where a sign-in goes: this realtor has not accepted the agreement yet.
  await expect(page).toHaveURL(/\/agreement\?next=/)
  const temporaryAgain = await request.post('/v1/auth/login', { data: { email: realtor.email, password: temporary } })
  expect(temporaryAgain.status()).toBe(401)

  // In English, after another reset.
  const again = await admin.post(`/v1/accounts/${realtor.id}/password-reset`, {
    headers: { authorization: `Bearer ${adminToken}` },
  })
  const { temporaryPassword } = (await again.json()) as { temporaryPassword: string }
  await page.context().clearCookies()
  await page.goto('/en/login')
  await page.getByLabel('Email').fill(realtor.email)
  await page.getByLabel('Password').fill(temporaryPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeFocused()
  await expectNoAxeViolations(page, '.builder')
  await page.screenshot({ path: `${SHOTS}/temporary-password-en-${testInfo.project.name}.png`, fullPage: true })
  await page.getByLabel('New password (8+ characters)').fill('short')
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page.locator('#login-new-password-error')).toHaveText('Use at least 8 characters.')
  await page.getByLabel('New password (8+ characters)').fill('english-own-password-2026')
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page).toHaveURL(/\/en\/agreement\?next=/)
})

test('the settings page in English', async ({ page }, testInfo) => {
  const address = `english-${testInfo.project.name}`
  const realtor = await newRealtor(address, 'Grace Park')
  await signInToEditor(page, realtor.email, realtor.password, address)
  await page.goto(`/en/${address}/admin/settings`)
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Grace Park')
  await expect(page.getByRole('button', { name: 'Change password' })).toBeEnabled()
  await expectNoAxeViolations(page, '.builder')
  await page.screenshot({ path: `${SHOTS}/settings-en-${testInfo.project.name}.png`, fullPage: true })
})
