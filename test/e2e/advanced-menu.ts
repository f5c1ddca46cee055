// The editor's "Advanced" menu (docs/decisions/105-builder-layout.md), as a realtor uses it: export, import
// and delete are reached by opening it first.
import type { Page } from './fixtures'

/** Opens the menu (if it is not open yet) and returns its panel. */
export async function openAdvanced(page: Page) {
  const toggle = page.getByRole('button', { name: /^(고급|Advanced)$/ })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  return page.locator('#editor-advanced')
}

/** Chooses a file through the menu's Import, as from the file picker. */
export async function importThroughMenu(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const menu = await openAdvanced(page)
  const chooser = page.waitForEvent('filechooser')
  await menu.getByText(/^(가져오기|Import) ?\(JSON\)$/).click()
  await (await chooser).setFiles(file)
}
