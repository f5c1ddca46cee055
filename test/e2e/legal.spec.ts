// The privacy policy in Chromium at 1280 and 390 px, in Korean and English: both languages on the page, the
// consent link's anchor lands on its language, nothing overflows sideways, no accessibility violations.

import { expectNoAxeViolations } from './axe'
import { expect, test } from './fixtures'

for (const [path, first, heading] of [
  ['/terms/privacy', 'ko', '개인정보처리방침'],
  ['/en/terms/privacy', 'en', 'Privacy Policy'],
] as const) {
  test(`${path} reads in both languages, its own first`, async ({ page }, info) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    const sections = page.locator('section[lang]')
    await expect(sections).toHaveCount(2)
    await expect(sections.first()).toHaveAttribute('id', first)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(page.viewportSize()!.width)
    await page.screenshot({ path: info.outputPath(`privacy-${first}-${info.project.name}.png`), fullPage: true })
    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
  })
}

test("a consent link's anchor opens the policy in its language, whatever the page's", async ({ page }) => {
  await page.goto('/en/terms/privacy#ko')
  const korean = page.locator('section#ko')
  await expect(korean).toBeInViewport()
  await expect(korean.getByRole('heading', { level: 2 })).toHaveText('개인정보처리방침')
})

test('the landing page names a share image that is served', async ({ page, request }) => {
  await page.goto('/')
  const image = await page.locator('meta[property="og:image"]').getAttribute('content')
  const response = await request.get(image!)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('image/png')
})
