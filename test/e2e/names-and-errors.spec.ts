import { PUBLISHABLE } from '../fixtures/publishable'
import { ADMIN, chooseOwnPassword, signInTo, typedByAdmin } from './accounts'
import { expectNoAxeViolations } from './axe'
import { expect, test } from './fixtures'

// A name in each language and errors in the realtor's frame (issue 31, docs/decisions/103-names-per-language.md):
// an account the admin named in Korean ("서민지", as the issue found); the realtor gives their Korean and English
// names in the editor's profile section, sees each in the live preview and in the example bios, saves, and the
// Korean page shows the Korean name, the English page the English one. A page that is not there on their site is
// a 404 in their own frame with the way back to their homepage, in the page's language.
const SHOTS = 'test/e2e/screenshots'

test('the realtor names themselves in Korean and English; each page shows its own; a 404 wears their frame', async ({
  page,
  request,
}, testInfo) => {
  page.on('pageerror', (error) => {
    throw error
  })
  const width = testInfo.project.name
  const address = `names-${width}`
  const email = `${address}@realtor.local`
  const password = 'names-pass-2026'

  // The admin creates the account under a Korean name, and the homepage is published (license and brokerage).
  const login = await request.post('/v1/auth/login', { data: ADMIN })
  const { token } = (await login.json()) as { token: string }
  const headers = { authorization: `Bearer ${token}` }
  const created = await request.post('/v1/accounts', {
    headers,
    data: { name: '서민지', email, password: typedByAdmin(password), desiredUrl: address },
  })
  expect(created.status()).toBe(201)
  await chooseOwnPassword(request, email, password)
  const { realtor } = (await created.json()) as { realtor: { id: number } }
  const published = await request.patch(`/v1/realtor/${realtor.id}`, {
    headers,
    data: {
      ...PUBLISHABLE,
      activityRegion: [{ state: 'GA', city: 'Duluth', neighborhood: '', zipcode: '' }],
      isMakeHomepage: 'Y',
    },
  })
  expect(published.status()).toBe(200)

  // The realtor signs in (accepting the agreement first) and lands in the editor.
  expect(await signInTo(page, { email, password }, `/${address}/admin`)).toBe(true)
  // The editor has hydrated: what is typed from here is the draft's.
  await expect(page.getByRole('button', { name: '저장', exact: true })).toBeEnabled()

  // The two names lead the profile section; empty, each says what its pages show instead.
  const names = page.getByRole('group', { name: '이름', exact: true })
  const korean = names.getByLabel('한국어 이름')
  const english = names.getByLabel('영어 이름')
  await expect(korean).toHaveValue('')
  await expect(english).toHaveValue('')
  await expect(names).toContainText('영어 페이지에 표시됩니다. 비워 두시면 대신 표시되는 이름: 서민지')

  // Typed, each shows at once in the preview of its language.
  const phone = width === 'phone'
  const frame = page.frameLocator('[data-testid="preview-frame"]')
  const previewButton = page.getByRole('button', { name: '미리보기', exact: true })
  await korean.fill('서민지')
  await english.fill('Minji Seo')
  await expect(names).not.toContainText('비워 두시면')
  await english.press('Tab')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/names-editor-ko-${width}.png` })
  if (phone) await previewButton.click()
  await expect(frame.locator('.home-hero h1')).toHaveText('서민지')
  await expect(frame.locator('.home-hero__alt-name')).toHaveText('Minji Seo')
  await page.getByRole('button', { name: 'English', exact: true }).click()
  await expect(frame.locator('html')).toHaveAttribute('lang', 'en')
  await expect(frame.locator('.home-hero h1')).toHaveText('Minji Seo')
  await expect(frame.locator('.tenant-header__name')).toHaveText('Minji Seo')
  // Another keystroke, another preview (on a phone, the full-screen preview is closed to type).
  if (phone) await page.keyboard.press('Escape')
  await english.fill('Minji S. Seo')
  if (phone) await previewButton.click()
  await expect(frame.locator('.home-hero h1')).toHaveText('Minji S. Seo')
  if (phone) await page.keyboard.press('Escape')

  // The example bios introduce the realtor by the name of their own language.
  await page.getByLabel('자기소개 (한국어)').scrollIntoViewIfNeeded()
  const about = page.locator('#about')
  await about.getByRole('button', { name: '예시 문구 넣기' }).first().click()
  await expect(page.getByLabel('자기소개 (한국어)')).toHaveValue(/리얼터 서민지입니다/)
  await about.getByRole('button', { name: '예시 문구 넣기' }).click()
  await expect(page.getByLabel('자기소개 (영어)')).toHaveValue(/^Hi, I'm Minji S\. Seo,/)
  await expect(page.getByLabel('자기소개 (영어)')).not.toHaveValue(/서민지/)

  await page.getByRole('button', { name: '저장', exact: true }).click()
  await expect(page.getByTestId('editor-notice')).toHaveText('성공적으로 수정 되었습니다.')

  // The English editor: the same two fields, under their English labels, as saved.
  await page.goto(`/en/${address}/admin`)
  const yourName = page.getByRole('group', { name: 'Your name', exact: true })
  await expect(yourName.getByLabel('Name in Korean')).toHaveValue('서민지')
  await expect(yourName.getByLabel('Name in English')).toHaveValue('Minji S. Seo')
  await expect(yourName).toContainText('Shown on English pages.')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/names-editor-en-${width}.png` })

  // The published pages: Korean names the realtor in Korean, English in English (head and JSON-LD too).
  await page.goto(`/${address}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('서민지')
  await expect(page.locator('.tenant-header__name')).toHaveText('서민지')
  await expect(page).toHaveTitle('서민지')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/names-home-ko-${width}.png` })
  await page.goto(`/en/${address}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Minji S. Seo')
  await expect(page.locator('.tenant-header__name')).toHaveText('Minji S. Seo')
  await expect(page.locator('.tenant-footer__name')).toHaveText('Minji S. Seo')
  await expect(page).toHaveTitle('Minji S. Seo')
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}')
  expect(jsonLd.name).toBe('Minji S. Seo')
  await expect(page.locator('#about')).toContainText("Hi, I'm Minji S. Seo")
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/names-home-en-${width}.png` })

  // A page that is not there: a 404 in the realtor's frame, in the page's language, and the way home.
  for (const [path, heading, back, home] of [
    [`/${address}/no-such-page`, '페이지를 찾을 수 없습니다', '서민지 홈페이지로 돌아가기', `/${address}`],
    [`/en/${address}/homes/NOPE`, 'Page Not Found', "Back to Minji S. Seo's homepage", `/en/${address}`],
  ] as const) {
    const response = await page.goto(path)
    expect(response?.status()).toBe(404)
    expect(response?.headers()['cache-control']).toBe('private, no-store')
    await expect(page).toHaveTitle(new RegExp(`^404 \\| ${heading} \\| `))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    await expect(page.locator('.tenant-header__name')).toHaveText(home.startsWith('/en') ? 'Minji S. Seo' : '서민지')
    await expect(page.locator('body')).toHaveClass(/\bhome\b/)
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/names-404-${home.startsWith('/en') ? 'en' : 'ko'}-${width}.png` })
    await page.getByRole('link', { name: back }).click()
    await expect(page).toHaveURL(new RegExp(`${home}$`))
  }

  // Off any realtor's site, the provider's 404, titled in the page's language.
  expect((await page.goto('/no-such-realtor-here/page'))?.status()).toBe(404)
  await expect(page).toHaveTitle('404 | 페이지를 찾을 수 없습니다')
  await expect(page.locator('.tenant-header')).toHaveCount(0)
})
