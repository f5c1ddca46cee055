import { expectNoAxeViolations } from './axe'
import { expect, type Page, test } from './fixtures'

// The editor's preview in the browser (docs/decisions/044-preview.md): the unsaved draft rendered by the
// live homepage's own components in a sandboxed frame, at desktop and phone widths, in Korean and English;
// on a phone, full screen from a Preview button, and back to the field being edited. Nothing is saved.
const SHOTS = 'test/e2e/screenshots'
const ACCOUNT = { email: 'yuna-shin@realtor.local', password: 'demo-realtor-2026' }

async function openEditor(page: Page, path = '/login') {
  await page.goto(path)
  await page.getByLabel(/^(이메일|Email)$/).fill(ACCOUNT.email)
  await page.getByLabel(/^(비밀번호|Password)$/).fill(ACCOUNT.password)
  await page.getByRole('button', { name: /^(로그인|Sign in)$/ }).click()
  await expect(page).toHaveURL(/\/yuna-shin\/admin$/)
  await expect(page.getByRole('button', { name: /^(저장|Save)$/ })).toBeEnabled()
}

const frameOf = (page: Page) => page.frameLocator('[data-testid="preview-frame"]')

test.describe('editor preview', () => {
  test.beforeEach(({ page }) => {
    page.on('pageerror', (error) => {
      throw error
    })
  })

  test('shows the typed draft as the homepage, in Korean then English, and never leaves the editor', async ({
    page,
  }, testInfo) => {
    const phone = testInfo.project.name === 'phone'
    await openEditor(page)
    const aboutKo = page.getByLabel('자기소개 (한국어)')
    await aboutKo.fill('미리보기에 바로 보이는 새 소개글입니다.')
    const aboutEn = page.getByLabel('자기소개 (영어)')
    await aboutEn.fill('A new introduction, shown in the preview before saving.')
    await page.getByLabel('대표 색상', { exact: true }).fill('#0a7d5a')

    const dialog = page.getByTestId('preview')
    const toggle = page.getByRole('button', { name: '미리보기', exact: true })
    if (phone) {
      // The preview is not appended below the fields: a button shows it full screen.
      await expect(dialog).toBeHidden()
      await toggle.click()
      await expect(dialog).toBeVisible()
      expect(await dialog.boundingBox()).toMatchObject({ x: 0, y: 0, width: 390 })
    } else {
      await expect(toggle).toBeHidden()
    }

    const frame = frameOf(page)
    await expect(frame.locator('#about')).toContainText('미리보기에 바로 보이는 새 소개글입니다.')
    // The live page's own markup: its hero, its sections, the draft's colour as the brand.
    await expect(frame.locator('.home-hero h1')).toBeVisible()
    await expect(frame.locator('#contact')).toBeAttached()
    expect(await frame.locator('body').evaluate((body) => getComputedStyle(body).getPropertyValue('--brand'))).toMatch(
      /#0a7d5a/i,
    )
    // Each screen starts on its own device's layout.
    await expect(page.getByTestId('preview-frame')).toHaveAttribute('data-device', phone ? 'phone' : 'desktop')
    await page.screenshot({ path: `${SHOTS}/preview-${testInfo.project.name}-ko.png` })

    if (!phone) {
      // An update keeps the reader's place in the page.
      const scrollY = () =>
        page.getByTestId('preview-frame').evaluate((el) => (el as HTMLIFrameElement).contentWindow?.scrollY ?? 0)
      await frame.locator('#contact').scrollIntoViewIfNeeded()
      const place = await scrollY()
      expect(place).toBeGreaterThan(400)
      await aboutKo.fill('스크롤 위치를 지키는 두 번째 소개글입니다.')
      await expect(frame.locator('#about')).toContainText('스크롤 위치를 지키는 두 번째 소개글입니다.')
      await expect.poll(scrollY).toBe(place)
    }

    await page.getByRole('button', { name: 'English', exact: true }).click()
    await expect(frame.locator('html')).toHaveAttribute('lang', 'en')
    await expect(frame.locator('#about')).toContainText('A new introduction, shown in the preview before saving.')
    const other = phone
      ? { name: '데스크톱', device: 'desktop', width: 1280 }
      : { name: '휴대폰', device: 'phone', width: 390 }
    await page.getByRole('button', { name: other.name, exact: true }).click()
    await expect(page.getByTestId('preview-frame')).toHaveAttribute('data-device', other.device)
    expect(await page.getByTestId('preview-frame').evaluate((el) => (el as HTMLIFrameElement).offsetWidth)).toBe(
      other.width,
    )
    await page.screenshot({ path: `${SHOTS}/preview-${testInfo.project.name}-en-${other.device}.png` })

    // A link in the preview opens a new tab; the editor stays where it is, with the draft.
    const popup = page.waitForEvent('popup')
    await frame.locator('.tenant-header__brand').click()
    await (await popup).close()
    await expect(page).toHaveURL(/\/yuna-shin\/admin$/)
    await expect(page.getByText('저장하지 않은 변경 사항이 있습니다.')).toBeAttached()

    // The editor with the frame's homepage in it: one page to a screen reader, every landmark unique.
    await expectNoAxeViolations(page)
  })

  test('on a phone, closing the full-screen preview returns to the field being edited', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the full-screen preview is the phone layout')
    await openEditor(page)
    const field = page.getByLabel('자기소개 (영어)')
    await field.fill('Typed on a phone.')
    const toggle = page.getByRole('button', { name: '미리보기', exact: true })
    await toggle.click()
    const close = page.getByRole('button', { name: '편집으로 돌아가기' })
    await expect(close).toBeFocused()
    await expect(frameOf(page).locator('#about')).toBeAttached()
    await close.click()
    await expect(page.getByTestId('preview')).toBeHidden()
    await expect(field).toBeFocused()
    await expect(field).toBeInViewport()

    // Escape closes it too, back to the same field.
    await toggle.click()
    await expect(close).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('preview')).toBeHidden()
    await expect(field).toBeFocused()

    // And from inside the page in the frame.
    await toggle.click()
    await frameOf(page).locator('.tenant-header__brand').focus()
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('preview')).toBeHidden()
    await expect(field).toBeFocused()
    await page.screenshot({ path: `${SHOTS}/preview-phone-closed.png` })
  })

  test('the English editor previews in English first', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one language check is enough')
    await openEditor(page, '/en/login')
    await expect(page).toHaveURL(/\/en\/yuna-shin\/admin$/)
    await expect(frameOf(page).locator('html')).toHaveAttribute('lang', 'en')
    await page.screenshot({ path: `${SHOTS}/preview-desktop-en.png` })
  })
})
