import type { Browser } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { expect, type Page, test } from './fixtures'

// Two editors of one homepage (issue 29, finding 2; docs/decisions/082-profile-versions.md): a save on a
// version saved elsewhere meanwhile is never applied over it; the editor says so and offers to load the
// saved version or keep the realtor's changes made again on it. Neither loses the other window's edit or
// a new photo.
const ACCOUNT = { email: 'sophia-lee@realtor.local', password: 'demo-realtor-2026' }
const SHOTS = 'test/e2e/screenshots'
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

const TEXT = {
  ko: {
    login: '/login',
    email: '이메일',
    password: '비밀번호',
    signIn: '로그인',
    save: '저장',
    updated: '성공적으로 수정 되었습니다.',
    allSaved: '모든 변경 사항이 저장되었습니다.',
    aboutEn: '자기소개 (영어)',
    // Sophia works in California: her license field reads "DRE #" (decision 101).
    license: 'DRE 면허 번호',
    conflict: '편집기를 연 뒤에 다른 창 또는 다른 사람이 이 홈페이지를 저장했습니다.',
    reload: '저장된 내용 불러오기',
    keep: '내 변경 사항 유지',
    reloaded: '저장된 내용을 불러왔습니다. 저장하지 않은 변경 사항은 취소되었습니다.',
    kept: '변경 사항을 저장했습니다. 다른 곳에서 바꾼 다른 항목도 그대로 유지됩니다.',
  },
  en: {
    login: '/en/login',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    save: 'Save',
    updated: 'Successfully updated.',
    allSaved: 'All changes saved.',
    aboutEn: 'About me (English)',
    license: 'DRE #',
    conflict: 'This homepage was saved in another window or by someone else after you opened it.',
    reload: 'Load the saved version',
    keep: 'Keep my changes',
    reloaded: 'The saved version is loaded. Your unsaved changes were discarded.',
    kept: 'Your changes are saved. What was changed elsewhere in other fields was kept.',
  },
} as const
type Text = (typeof TEXT)[keyof typeof TEXT]

/** A browser of its own (its own session), signed in, on the editor once it is interactive. */
async function openEditor(browser: Browser, text: Text, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: text === TEXT.en ? 'en-US' : 'ko-KR' })
  const page = await context.newPage()
  page.on('pageerror', (error) => {
    throw error
  })
  await page.goto(text.login)
  await page.getByLabel(text.email, { exact: true }).fill(ACCOUNT.email)
  await page.getByLabel(text.password, { exact: true }).fill(ACCOUNT.password)
  await page.getByRole('button', { name: text.signIn }).click()
  await expect(page).toHaveURL(/\/sophia-lee\/admin$/)
  await expect(page.getByRole('button', { name: text.save, exact: true })).toBeEnabled()
  return page
}

const notice = (page: Page) => page.getByTestId('editor-notice')
const conflict = (page: Page) => page.getByTestId('save-conflict')
const save = (page: Page, text: Text) => page.getByRole('button', { name: text.save, exact: true }).click()

async function stored(page: Page) {
  return (await (await page.request.get('/v1/realtor/sophia-lee')).json()) as Record<string, unknown> & {
    photos: { path: string; url: string }[]
  }
}

test.describe('two editors of one homepage', () => {
  // Sophia's homepage is a demo every other spec may read (the contrast spec reads her page on a phone):
  // what these tests save there (about-me, license, two gallery photos) is put back afterwards.
  const RESTORED = ['aboutMeEn', 'licenseNumber', 'photos'] as const
  let original: Record<string, unknown> | undefined
  test.beforeAll(async ({ playwright, baseURL }) => {
    const anyone = await playwright.request.newContext({ baseURL })
    const profile = (await (await anyone.get('/v1/realtor/sophia-lee')).json()) as Record<string, unknown>
    original = Object.fromEntries(RESTORED.map((field) => [field, profile[field]]))
    await anyone.dispose()
  })
  test.afterAll(async ({ playwright, baseURL }) => {
    if (!original) return
    const sophia = await playwright.request.newContext({ baseURL })
    expect((await sophia.post('/v1/auth/login', { data: ACCOUNT })).status()).toBe(200)
    const profile = (await (await sophia.get('/v1/realtor/sophia-lee')).json()) as { id: number }
    expect((await sophia.patch(`/v1/realtor/${profile.id}`, { data: original })).status()).toBe(200)
    await sophia.dispose()
  })

  /** Each test opens its own windows, at both widths: once is enough. */
  const once = (project: string) => test.skip(project !== 'desktop', 'each test opens its own windows')

  test('the later save meets a conflict; Load the saved version shows the other window’s edit', async ({
    browser,
  }, testInfo) => {
    once(testInfo.project.name)
    const text = TEXT.ko
    const first = await openEditor(browser, text)
    const second = await openEditor(browser, text, { width: 390, height: 844 })

    await first.getByLabel(text.aboutEn, { exact: true }).fill('Saved in the first window.')
    await save(first, text)
    await expect(notice(first)).toHaveText(text.updated)

    await second.getByLabel(text.license, { exact: true }).fill('CA-DRE 02000001')
    await save(second, text)
    await expect(conflict(second)).toContainText(text.conflict)
    await expect(conflict(second)).toBeFocused()
    await expect(conflict(second)).toHaveAttribute('role', 'alert')
    // Nothing of the second window was written.
    expect((await stored(second)).licenseNumber).not.toBe('CA-DRE 02000001')
    const overflow = await second.evaluate(() => document.documentElement.scrollWidth - innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await second.screenshot({ path: `${SHOTS}/editor-conflict-phone.png` })
    await expectNoAxeViolations(second, '[data-testid="save-conflict"]')

    await second.getByRole('button', { name: text.reload }).click()
    await expect(notice(second)).toHaveText(text.reloaded)
    await expect(conflict(second)).toHaveCount(0)
    await expect(second.getByLabel(text.aboutEn, { exact: true })).toHaveValue('Saved in the first window.')
    await expect(second.getByText(text.allSaved)).toBeVisible()

    // The second window now saves on the version it loaded; then it is the first one's turn to meet it.
    await second.getByLabel(text.license, { exact: true }).fill('CA-DRE 02000002')
    await save(second, text)
    await expect(notice(second)).toHaveText(text.updated)
    await first.getByLabel(text.license, { exact: true }).fill('CA-DRE 02000003')
    await save(first, text)
    await expect(conflict(first)).toBeVisible()
    expect(await stored(first)).toMatchObject({
      aboutMeEn: 'Saved in the first window.',
      licenseNumber: 'CA-DRE 02000002',
    })
    await first.context().close()
    await second.context().close()
  })

  test('Keep my changes saves mine over it and keeps the other window’s field and new photo', async ({
    browser,
  }, testInfo) => {
    once(testInfo.project.name)
    const text = TEXT.en
    const first = await openEditor(browser, text)
    const second = await openEditor(browser, text)

    // The first window adds a gallery photo and edits about-me, and saves.
    await first.getByTestId('photo-input-gallery').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG })
    await expect(first.getByTestId('photo-slot-gallery').locator('img[src*="/photos/realtors/"]')).toHaveCount(1)
    await first.getByLabel(text.aboutEn, { exact: true }).fill('Mine from the first window.')
    await save(first, text)
    await expect(notice(first)).toHaveText(text.updated)
    const theirs = (await stored(first)).photos.find((photo) => photo.url.includes('/photos/realtors/'))!
    expect(theirs).toBeTruthy()

    // The second window, opened before that save, adds its own gallery photo and changes the license.
    await second.getByTestId('photo-input-gallery').setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: PNG })
    await expect(second.getByTestId('photo-slot-gallery').locator('img[src*="/photos/realtors/"]')).toHaveCount(1)
    await second.getByLabel(text.license, { exact: true }).fill('CA-DRE 02000004')
    await save(second, text)
    await expect(conflict(second)).toContainText(text.conflict)
    await second.screenshot({ path: `${SHOTS}/editor-conflict-desktop.png` })

    await second.getByRole('button', { name: text.keep }).click()
    await expect(notice(second)).toHaveText(text.kept)
    await expect(conflict(second)).toHaveCount(0)
    await expect(second.getByLabel(text.aboutEn, { exact: true })).toHaveValue('Mine from the first window.')
    await expect(second.getByText(text.allSaved)).toBeVisible()

    const after = await stored(second)
    expect(after).toMatchObject({ aboutMeEn: 'Mine from the first window.', licenseNumber: 'CA-DRE 02000004' })
    const uploads = after.photos.filter((photo) => photo.url.includes('/photos/realtors/'))
    expect(uploads).toHaveLength(2)
    expect(uploads.map((photo) => photo.url)).toContain(theirs.url)
    for (const photo of uploads) expect((await second.request.get(photo.url)).status(), photo.url).toBe(200)
    await first.context().close()
    await second.context().close()
  })
})
