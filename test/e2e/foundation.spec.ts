import { expect, test } from './fixtures'

test.describe('foundation', () => {
  test('hydrates the language switcher with no console errors and switches language', async ({ page }, info) => {
    const errors: string[] = []
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
    page.on('pageerror', (error) => errors.push(error.message))

    await page.goto('/terms')
    await expect(page.locator('h1')).toHaveText('이용약관')
    const switcher = page.locator('.lang-switcher')
    // The island hydrates on first interaction: hover, focus or touch.
    await switcher.hover()
    await expect(switcher).toHaveAttribute('data-hydrated', '')
    const button = page.getByRole('button', { name: /언어/ })
    await button.click()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await page.getByRole('link', { name: 'English', exact: true }).click()
    await expect(page).toHaveURL(/\/en\/terms$/)
    await expect(page.locator('h1')).toHaveText('Terms of Service')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')

    // The cookie the switcher set keeps the visitor in English on unprefixed addresses.
    const cookies = await page.context().cookies()
    expect(cookies.find((cookie) => cookie.name === 'locale')?.value).toBe('en')
    await page.goto('/terms/privacy')
    await expect(page).toHaveURL(/\/en\/terms\/privacy$/)

    await page.screenshot({ path: info.outputPath('terms.png'), fullPage: true })
    expect(errors).toEqual([])
  })

  test('shows the localized 404 page', async ({ page }) => {
    const response = await page.goto('/en/abc1')
    expect(response?.status()).toBe(404)
    await expect(page.locator('h1')).toHaveText('Page Not Found')
    await expect(page.getByText('Page Not Found: /en/abc1')).toBeVisible()
  })

  test('static assets carry the security headers, and an SVG never runs as a document', async ({ request }, info) => {
    test.skip(info.project.name !== 'desktop', 'headers are the same at every width')
    const html = await (await request.get('/')).text()
    const script = /<script type="module" src="([^"]+)"/.exec(html)?.[1]
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1]
    for (const path of ['/favicon.svg', script!, stylesheet!]) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      const headers = response.headers()
      expect(headers['x-content-type-options'], path).toBe('nosniff')
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
      expect(headers['cross-origin-resource-policy'], path).toBe('same-origin')
    }
    expect((await request.get('/favicon.svg')).headers()['content-security-policy']).toContain('sandbox')
    expect((await request.get(script!)).headers()['cache-control']).toContain('immutable')
  })
})
