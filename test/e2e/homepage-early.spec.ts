// What a visitor does on the homepage before an island's code has arrived is not lost: each island's
// chunk is held back by the test, the visitor acts, then the chunk is let through.
import { expect, type Page, test } from './fixtures'

/** Holds the island chunks matching `pattern` until `release()`; `requested` settles once one was asked for. */
async function holdChunk(page: Page, pattern: string) {
  let release!: () => void
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  let asked!: () => void
  const requested = new Promise<void>((resolve) => {
    asked = resolve
  })
  await page.route(pattern, async (route) => {
    asked()
    await gate
    await route.continue()
  })
  return { release, requested }
}

test.describe('realtor homepage before its islands have loaded', () => {
  test('a deals tab clicked before the tabs are live is selected once they are', async ({ page }) => {
    const chunk = await holdChunk(page, '**/assets/chunks/AgentListings-*.js')
    await page.goto('/janekim')
    const tabs = page.getByRole('tablist', { name: '리얼터의 거래' })
    await tabs.scrollIntoViewIfNeeded()
    await chunk.requested
    const rent = tabs.getByRole('tab', { name: /^임대 \d/ })
    await rent.click()
    await expect(page.locator('.listing-tabs[data-hydrated]')).toHaveCount(0)
    chunk.release()
    await page.locator('.listing-tabs[data-hydrated]').waitFor()
    await expect(rent).toHaveAttribute('aria-selected', 'true')
    await expect(page.locator('#agent-panel-1')).toBeVisible()
    await expect(page.locator('#agent-panel-0')).toBeHidden()
    // Once live, a click is an ordinary click.
    await tabs.getByRole('tab', { name: /^매매 \d/ }).click()
    await expect(page.locator('#agent-panel-0')).toBeVisible()
  })

  test('a city picked before the picker is live stays picked and its homes load', async ({ page }) => {
    const chunk = await holdChunk(page, '**/assets/chunks/CityHomes-*.js')
    await page.goto('/en/janekim')
    const picker = page.getByLabel('City')
    await picker.scrollIntoViewIfNeeded()
    await chunk.requested
    await picker.selectOption('Alpharetta')
    await expect(page.locator('.city-homes[data-hydrated]')).toHaveCount(0)
    const answer = page.waitForResponse((r) => r.url().includes('/cozying-api/v1/home/list'), { timeout: 10_000 })
    chunk.release()
    expect(new URL((await answer).url()).searchParams.get('city')).toBe('Alpharetta')
    await page.locator('.city-homes[data-hydrated]').waitFor()
    await expect(picker).toHaveValue('Alpharetta')
    await expect(page.locator('.city-homes .home-card__address').first()).toContainText('Alpharetta')
  })

  test('what a visitor typed into the contact form before it was live is kept', async ({ page }) => {
    const chunk = await holdChunk(page, '**/assets/chunks/ContactForm-*.js')
    await page.goto('/en/janekim')
    const form = page.locator('form.contact-form--contact')
    await form.scrollIntoViewIfNeeded()
    await chunk.requested
    await form.getByLabel('Last name').fill('Park')
    await form.getByLabel('Message').fill('Is the Alpharetta house still open on Sunday?')
    await form.locator('#contact-isTerm').check()
    await expect(page.locator('form.contact-form--contact[data-hydrated]')).toHaveCount(0)
    chunk.release()
    await page.locator('form.contact-form--contact[data-hydrated]').waitFor()
    await expect(form.getByLabel('Last name')).toHaveValue('Park')
    await expect(form.getByLabel('Message')).toHaveValue('Is the Alpharetta house still open on Sunday?')
    await expect(form.locator('#contact-isTerm')).toBeChecked()
  })
})
