// A homepage's gallery (docs/decisions/114-gallery-viewer.md): the realtor writes a caption per language in
// the editor's gallery; the homepage shows each under its photo on its own language's page only; a photo
// opens the full-screen viewer (a modal dialog covering the screen) that swipes on a phone, steps with the
// arrow keys and the ‹ › buttons, counts "2 / 3", shows the caption of the page's language, passes axe, and
// closes with Escape, giving focus back to the photo. Without JavaScript each photo links to its image.
// Each project edits a realtor of its own, made here from the demo's gallery photos.
import { PUBLISHABLE } from '../fixtures/publishable'
import { ADMIN } from './accounts'
import { expectNoAxeViolations } from './axe'
import { expect, type Page, test } from './fixtures'

const SHOTS = 'test/e2e/screenshots'
const PHOTOS = [1, 2, 3].map((n) => `/photos/seed/janekim/gallery-${n}.png`)
// Photo 1 has both captions, photo 2 a Korean one only, photo 3 an English one only.
const CAPTIONS = {
  ko: ['해변까지 두 블록, 햇살 가득한 거실', '리모델링을 마친 주방', null],
  en: ['Two blocks from the beach: a sunny living room', null, 'A backyard made for summer evenings'],
} as const

/** Signs the page in as the admin and makes a published homepage whose gallery is the demo's three photos, without captions; its address. */
async function galleryRealtor(page: Page, project: string): Promise<string> {
  // Letters only in an address: the time in base 26, a to z, so each run has its own.
  const stamp = [...Date.now().toString(26)].map((c) => String.fromCharCode(97 + Number.parseInt(c, 26))).join('')
  const slug = `gallery-${project}-${stamp}`
  const login = await page.request.post('/v1/auth/login', { data: ADMIN })
  const admin = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` }
  const made = await page.request.post('/v1/realtor', {
    headers: admin,
    data: {
      ...PUBLISHABLE,
      desiredUrl: slug,
      isMakeHomepage: 'Y',
      photos: PHOTOS.map((url) => ({ path: 'gallery', imageType: 'fullsize', url })),
    },
  })
  expect(made.status(), await made.text()).toBe(201)
  return slug
}

/** A real touch swipe from right to left (Chrome's touch input, so the strip scrolls as under a finger). */
async function swipeLeft(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  const { width, height } = page.viewportSize()!
  // Above the ‹ › buttons (they sit at half height, over the strip but not in it).
  const y = Math.round(height * 0.3)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: width - 40, y }] })
  for (let x = width - 60; x >= 40; x -= 25)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

test('captions written in the editor show in their own language; a photo opens full screen and swipes', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000)
  page.on('pageerror', (error) => {
    throw error
  })
  const project = testInfo.project.name
  const slug = await galleryRealtor(page, project)

  // The editor (the admin's sign-in above is the page's too): a caption field per language on each gallery
  // photo; saved, they are the homepage's.
  await page.goto(`/${slug}/admin`)
  await expect(page.getByRole('button', { name: '저장', exact: true })).toBeEnabled()
  const tiles = page.getByTestId('photo-slot-gallery').locator('.gallery-tile')
  await expect(tiles).toHaveCount(3)
  for (const [i, tile] of (await tiles.all()).entries()) {
    await tile.getByLabel('설명 (한국어)').fill(CAPTIONS.ko[i] ?? '')
    await tile.getByLabel('설명 (영어)').fill(CAPTIONS.en[i] ?? '')
  }
  await tiles.first().scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/gallery-captions-editor-${project}.png` })
  await expectNoAxeViolations(page, '[data-testid="photo-slot-gallery"]')
  await page.getByRole('button', { name: '저장', exact: true }).click()
  await expect(page.getByTestId('editor-notice')).toHaveText('성공적으로 수정 되었습니다.')
  await page.context().clearCookies()

  for (const lang of ['ko', 'en'] as const) {
    const captions = CAPTIONS[lang]
    await page.goto(`${lang === 'en' ? '/en' : ''}/${slug}`)
    const gallery = page.locator('section.home-gallery')
    await gallery.scrollIntoViewIfNeeded()
    // Under the photos: this language's captions only, none where it has none.
    await expect(gallery.locator('.home-gallery__caption')).toHaveText(captions.filter((c) => c !== null))
    await expect(gallery).not.toContainText(lang === 'en' ? '주방' : 'backyard')

    // The second photo opens full screen, covering the viewport.
    const links = gallery.locator('.home-gallery__item a')
    await links.nth(1).click()
    const viewer = page.getByRole('dialog')
    await expect(viewer).toBeVisible()
    const box = (await viewer.boundingBox())!
    const viewport = page.viewportSize()!
    expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, viewport.width, viewport.height])
    const position = viewer.locator('.photo-viewer__position')
    const caption = viewer.locator('.photo-viewer__item:not([aria-hidden]) figcaption')
    const expectAt = async (n: number) => {
      await expect(position).toHaveText(`${n} / 3`)
      const text = captions[n - 1]
      if (text) await expect(caption).toHaveText(text)
      else await expect(caption).toHaveCount(0)
    }
    await expectAt(2)
    await expect(viewer.getByRole('button', { name: lang === 'en' ? 'Close' : '닫기' })).toBeFocused()

    // Keyboard, then the buttons (44 px or more), then a swipe on a phone.
    await page.keyboard.press('ArrowRight')
    await expectAt(3)
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await expectAt(1)
    const next = viewer.getByRole('button', { name: lang === 'en' ? 'Next photo' : '다음 사진' })
    const nextBox = (await next.boundingBox())!
    expect(Math.min(nextBox.width, nextBox.height)).toBeGreaterThanOrEqual(44)
    await next.click()
    await expectAt(2)
    await viewer.getByRole('button', { name: lang === 'en' ? 'Previous photo' : '이전 사진' }).click()
    await expectAt(1)
    if (project === 'phone') {
      await swipeLeft(page)
      await expectAt(2)
    }
    // The strip at rest on a photo (a swipe's snap has ended) before the picture is taken.
    await expect
      .poll(() =>
        viewer
          .locator('.photo-viewer__strip')
          .evaluate((node) =>
            Math.abs(node.scrollLeft - Math.round(node.scrollLeft / node.clientWidth) * node.clientWidth),
          ),
      )
      .toBeLessThan(1)
    await page.screenshot({ path: `${SHOTS}/gallery-viewer-${lang}-${project}.png` })
    await expectNoAxeViolations(page)

    // Escape closes it and gives focus back to the photo that opened it.
    await page.keyboard.press('Escape')
    await expect(viewer).toBeHidden()
    await expect(links.nth(1)).toBeFocused()
  }

  // Without JavaScript each photo is a link to its full-size image.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, locale: 'ko-KR' })
  const plain = await context.newPage()
  await plain.goto(`/${slug}`)
  const hrefs = await plain
    .locator('.home-gallery__item a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  expect(hrefs).toEqual(PHOTOS)
  await plain.locator('.home-gallery__item a').first().click()
  await expect(plain).toHaveURL(new RegExp(`${PHOTOS[0]}$`))
  await context.close()
})

test('a tap before the island has loaded opens the photo once it is live, not the image', async ({ page }) => {
  let release!: () => void
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/assets/chunks/GalleryStrip-*.js', async (route) => {
    await gate
    await route.continue()
  })
  await page.goto('/janekim')
  const links = page.locator('section.home-gallery .home-gallery__item a')
  await links.nth(1).scrollIntoViewIfNeeded()
  await links.nth(1).click()
  const viewer = page.getByRole('dialog')
  await expect(viewer).toHaveCount(0)
  expect(new URL(page.url()).pathname).toBe('/janekim')
  release()
  await expect(viewer).toBeVisible()
  await expect(viewer.locator('.photo-viewer__position')).toHaveText('2 / 3')
  await page.keyboard.press('Escape')
  await expect(links.nth(1)).toBeFocused()
})
