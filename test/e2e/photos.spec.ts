import { submitSignIn } from './accounts'
import { expectNoAxeViolations } from './axe'
import { expect, type Page, test } from './fixtures'

// Every photo slot in the editor (docs/decisions/045-photo-slots.md): a phone-sized JPEG with GPS EXIF
// is downscaled to 2560 px and stored without EXIF; replacing the portrait shows on the homepage and
// deletes the old upload from R2; the gallery reorders by keyboard and by drag; removing a photo deletes
// its object. Desktop and phone each edit their own seeded realtor.
const PASSWORD = 'demo-realtor-2026'
const SHOTS = 'test/e2e/screenshots'
const REALTOR: Record<string, string> = { desktop: 'minjun_choi', phone: 'hannah-jung' }

/** An EXIF APP1 segment whose IFD0 points at a GPS IFD holding GPSLatitudeRef "N" (big-endian TIFF). */
function exifWithGps(): Buffer {
  const tiff = Buffer.from([
    ...[0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08], // "MM", 42, IFD0 at 8
    ...[0x00, 0x01], // IFD0: one entry
    ...[0x88, 0x25, 0x00, 0x04, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x1a], // GPSInfo → 26
    ...[0x00, 0x00, 0x00, 0x00], // no next IFD
    ...[0x00, 0x01], // GPS IFD: one entry
    ...[0x00, 0x01, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x4e, 0x00, 0x00, 0x00], // GPSLatitudeRef "N"
    ...[0x00, 0x00, 0x00, 0x00],
  ])
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff])
  const length = Buffer.alloc(2)
  length.writeUInt16BE(body.length + 2)
  return Buffer.concat([Buffer.from([0xff, 0xe1]), length, body])
}

/** A `width`×`height` JPEG drawn in the page's canvas, with the EXIF segment put right after SOI. */
async function phoneJpeg(page: Page, width: number, height: number, hue: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height, hue }) => {
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = height
      const context = canvas.getContext('2d')!
      const gradient = context.createLinearGradient(0, 0, width, height)
      gradient.addColorStop(0, `hsl(${hue} 70% 45%)`)
      gradient.addColorStop(1, `hsl(${hue + 60} 70% 70%)`)
      context.fillStyle = gradient
      context.fillRect(0, 0, width, height)
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.95))
      const bytes = new Uint8Array(await blob.arrayBuffer())
      let binary = ''
      for (const byte of bytes) binary += String.fromCharCode(byte)
      return btoa(binary)
    },
    { width, height, hue },
  )
  const jpeg = Buffer.from(base64, 'base64')
  return Buffer.concat([jpeg.subarray(0, 2), exifWithGps(), jpeg.subarray(2)])
}

/** Width and height from a JPEG's first SOF marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  let at = 2
  while (at < bytes.length) {
    const marker = bytes[at + 1]!
    const length = bytes.readUInt16BE(at + 2)
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) }
    at += 2 + length
  }
  throw new Error('no SOF marker')
}

async function save(page: Page) {
  await page.getByRole('button', { name: '저장', exact: true }).click()
  await expect(page.getByTestId('editor-notice')).toHaveText('성공적으로 수정 되었습니다.')
}

const gallerySrcs = (page: Page) =>
  page.locator('.gallery-tile img').evaluateAll((images) => images.map((img) => img.getAttribute('src')!))

test('photo slots: downscale without EXIF, replace, reorder by keyboard and drag, remove', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  page.on('pageerror', (error) => {
    throw error
  })
  const slug = REALTOR[testInfo.project.name]!
  const wide = testInfo.project.name
  await submitSignIn(page, { email: `${slug}@realtor.local`, password: PASSWORD })
  await expect(page).toHaveURL(new RegExp(`/${slug}/admin$`))
  await expect(page.getByRole('button', { name: '저장', exact: true })).toBeEnabled()

  // A non-image is refused at once, before any request.
  let requests = 0
  page.on('request', (r) => {
    if (r.url().includes('presigned')) requests++
  })
  await page.getByTestId('photo-input-gallery').setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4'),
  })
  await expect(page.getByTestId('upload-list')).toContainText('JPG, PNG, WebP, GIF 이미지만 올릴 수 있습니다.')
  expect(requests).toBe(0)
  await page.getByTestId('upload-list').getByRole('button', { name: '닫기' }).click()

  // The portrait: a 4000×3000 phone JPEG carrying GPS EXIF.
  const original = await phoneJpeg(page, 4000, 3000, 200)
  expect(original.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(true)
  const portraitSlot = page.getByTestId('photo-slot-id')
  await page
    .getByTestId('photo-input-id')
    .setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: original })
  const portraitImg = portraitSlot.locator('img')
  await expect(portraitImg).toHaveAttribute('src', /\/photos\/realtors\/\d+\/[\w-]+\.jpg$/)
  const first = (await portraitImg.getAttribute('src'))!
  const stored = await (await request.get(first)).body()
  expect(stored.includes(Buffer.from('Exif', 'latin1'))).toBe(false)
  expect(jpegSize(stored)).toEqual({ width: 2560, height: 1920 })
  await save(page)

  // Replace it: one portrait (not a second), the homepage shows the new one, the old object is gone.
  await page.getByTestId('photo-input-id').setInputFiles({
    name: 'portrait.jpg',
    mimeType: 'image/jpeg',
    buffer: await phoneJpeg(page, 900, 1200, 20),
  })
  await expect(portraitImg).not.toHaveAttribute('src', first)
  const second = (await portraitImg.getAttribute('src'))!
  await save(page)
  const profile = await (await request.get(`/v1/realtor/${slug}`)).json()
  expect(profile.photos.filter((photo: { path: string }) => photo.path === 'id')).toEqual([
    { path: 'id', imageType: 'fullsize', url: second },
  ])
  expect((await request.get(first)).status()).toBe(404)

  // The gallery: two new photos join the three seeded ones. The first PUT fails on the network: that
  // file shows Retry, the other goes on, and Retry sends the failed one alone.
  let failNext = true
  await page.route('**/photos/realtors/**', (route) => {
    if (route.request().method() !== 'PUT' || !failNext) return route.continue()
    failNext = false
    return route.abort()
  })
  await page.getByTestId('photo-input-gallery').setInputFiles([
    { name: 'g1.jpg', mimeType: 'image/jpeg', buffer: await phoneJpeg(page, 800, 600, 100) },
    { name: 'g2.jpg', mimeType: 'image/jpeg', buffer: await phoneJpeg(page, 800, 600, 300) },
  ])
  const retry = page.getByRole('button', { name: 'g1.jpg 다시 올리기' })
  await expect(retry).toBeVisible()
  await expect(page.getByTestId('upload-list')).toContainText('g1.jpg을(를) 올리지 못했습니다')
  await expect(page.locator('.gallery-tile')).toHaveCount(4)
  await retry.click()
  await expect(page.getByTestId('upload-list')).toBeEmpty()
  await expect(page.locator('.gallery-tile')).toHaveCount(5)
  const start = await gallerySrcs(page)
  const added = start.slice(3)
  expect(added.every((src) => /\/photos\/realtors\//.test(src))).toBe(true)
  await save(page)
  await page.getByTestId('photo-slot-gallery').evaluate((el) => el.scrollIntoView({ block: 'center' }))
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.gallery-tile img')].every((img) => (img as HTMLImageElement).complete),
  )
  await page.screenshot({ path: `${SHOTS}/photos-${wide}.png` })

  // Keyboard: the first photo's handle, ArrowRight moves it one place later; focus follows it.
  const handles = page.locator('.gallery-tile__handle')
  await handles.nth(0).focus()
  await page.keyboard.press('ArrowRight')
  const afterKey = [start[1], start[0], ...start.slice(2)]
  expect(await gallerySrcs(page)).toEqual(afterKey)
  await expect(page.getByTestId('gallery-announcement')).toHaveText('5장 중 2번째로 옮겼습니다.')
  await expect(handles.nth(1)).toBeFocused()

  // Drag: the fourth photo's handle dropped on the third tile.
  const tiles = page.locator('.gallery-tile')
  await tiles.nth(3).scrollIntoViewIfNeeded()
  const from = (await handles.nth(3).boundingBox())!
  const to = (await tiles.nth(2).boundingBox())!
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 })
  await page.mouse.up()
  const afterDrag = [afterKey[0], afterKey[1], afterKey[3], afterKey[2], afterKey[4]]
  expect(await gallerySrcs(page)).toEqual(afterDrag)

  // Remove a saved upload; save; the homepage shows the saved order and the object is gone.
  const removed = afterDrag[4]!
  await page.getByRole('button', { name: '5번째 갤러리 사진 삭제' }).click()
  await expect(page.locator('.gallery-tile')).toHaveCount(4)
  await save(page)
  expect((await request.get(removed)).status()).toBe(404)
  await page.goto(`/${slug}`)
  await expect(page.locator('.home-hero__portrait')).toHaveAttribute('src', second)
  const homeGallery = await page
    .locator('.home-gallery__item img')
    .evaluateAll((images) => images.map((img) => img.getAttribute('src')))
  expect(homeGallery).toEqual(afterDrag.slice(0, 4))
})

test('photo section screenshots in Korean and English', async ({ page }, testInfo) => {
  const slug = REALTOR[testInfo.project.name]!
  for (const [prefix, email, password, signIn] of [
    ['', '이메일', '비밀번호', '로그인'],
    ['/en', 'Email', 'Password', 'Sign in'],
  ] as const) {
    await page.context().clearCookies()
    await page.goto(`${prefix}/login`)
    await page.getByLabel(email).fill(`${slug}@realtor.local`)
    await page.getByLabel(password).fill(PASSWORD)
    await page.getByRole('button', { name: signIn }).click()
    await expect(page).toHaveURL(new RegExp(`${prefix}/${slug}/admin$`))
    await expect(page.getByRole('button', { name: /^(저장|Save)$/ })).toBeEnabled()
    // The photo section's top under the sticky header, every slot's image loaded.
    await page.locator('.photo-manager').evaluate((el) => {
      el.scrollIntoView({ block: 'start' })
      window.scrollBy(0, -90)
    })
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.photo-slot img')].every((img) => (img as HTMLImageElement).complete),
    )
    const shot = `${prefix ? 'en' : 'ko'}-${testInfo.project.name}`
    await page.screenshot({ path: `${SHOTS}/photo-slots-${shot}.png` })
    // Emptied slots: the second logo offers "Add photo"; favicon and share image show their defaults.
    for (const slot of ['logo2', 'favicon', 'ogImage'])
      await page
        .getByTestId(`photo-slot-${slot}`)
        .getByRole('button', { name: /삭제|Remove/ })
        .click()
    await expect(page.getByTestId('photo-slot-logo2').locator('.photo-slot__add')).toContainText(/사진 추가|Add photo/)
    await expect(page.getByTestId('photo-slot-favicon')).toContainText(
      prefix ? 'Default until you add one: Logo' : '로고 사진이 쓰입니다',
    )
    await expect(page.getByTestId('photo-slot-ogImage')).toContainText(prefix ? 'Hero image' : '대표 이미지')
    await page.getByTestId('photo-slot-logo2').evaluate((el) => {
      el.scrollIntoView({ block: 'start' })
      window.scrollBy(0, -90)
    })
    await page.screenshot({ path: `${SHOTS}/photo-slots-defaults-${shot}.png` })
    await expectNoAxeViolations(page, '.photo-manager')
    await page.getByRole('button', { name: /^(되돌리기|Discard changes)$/ }).click()
  }
})
