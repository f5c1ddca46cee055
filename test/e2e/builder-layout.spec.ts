import { JANE, signInTo } from './accounts'
import { openAdvanced } from './advanced-menu'
import { expectNoAxeViolations } from './axe'
import { expect, type Page, test } from './fixtures'

// The builder's layout as realtors use it (docs/decisions/105-builder-layout.md): the tabs one width and
// one place on every screen with no label cut; on a phone nothing fixed or sticky over a focused field;
// export, import and delete in an "Advanced" menu, each still asking first where it did.
const SHOTS = 'test/e2e/screenshots'
const SCREENS = ['/dashboard', '/inbox', '', '/notifications', '/domain', '/settings']
const LANGS = [
  { prefix: '', lang: 'ko', exportLabel: '내보내기(JSON)', remove: '홈페이지 삭제', cancel: '취소' },
  { prefix: '/en', lang: 'en', exportLabel: 'Export (JSON)', remove: 'Delete homepage', cancel: 'Cancel' },
] as const

async function editorReady(page: Page, prefix: string) {
  await page.goto(`${prefix}/janekim/admin`)
  await expect(page.getByRole('button', { name: /^(저장|Save)$/ })).toBeEnabled()
}

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

test('the tabs have one width and place on every builder screen, every label whole', async ({ page }, testInfo) => {
  await signInTo(page, JANE, '/janekim/admin')
  for (const { prefix, lang } of LANGS) {
    const seen: { screen: string; x: number; y: number; width: number }[] = []
    for (const screen of SCREENS) {
      await page.goto(`${prefix}/janekim/admin${screen}`)
      const nav = page.getByTestId('builder-nav')
      await expect(nav).toBeVisible()
      const measured = await nav.evaluate((element) => {
        const box = element.getBoundingClientRect()
        const tabs = [...element.querySelectorAll('a')].map((tab) => {
          const rect = tab.getBoundingClientRect()
          return {
            text: tab.textContent ?? '',
            // Cut: its text wider than itself, or the tab past the bar's edge (reachable only by scrolling).
            cut: tab.scrollWidth > tab.clientWidth || rect.right > box.right + 0.5 || rect.left < box.left - 0.5,
          }
        })
        return {
          x: box.x,
          y: box.y + scrollY,
          width: box.width,
          scrolls: element.scrollWidth > element.clientWidth,
          tabs,
        }
      })
      expect(measured.tabs, `${lang} ${screen || '/'}`).toHaveLength(6)
      expect(
        measured.tabs.filter((tab) => tab.cut).map((tab) => tab.text),
        `${lang} ${screen || '/'}`,
      ).toEqual([])
      expect(measured.scrolls, `${lang} ${screen || '/'}`).toBe(false)
      seen.push({ screen, x: measured.x, y: measured.y, width: measured.width })
    }
    // The editor's is the reference: the widest column, the page's width less its padding.
    const [first] = seen
    for (const one of seen) expect(one, `${lang} ${one.screen}`).toEqual({ ...first, screen: one.screen })
    expect(first!.width).toBe(testInfo.project.name === 'phone' ? 362 : 1240)
    // The screens that were narrowest before (a 440 px form column), whole and accessible.
    await page.goto(`${prefix}/janekim/admin/settings`)
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/builder-tabs-settings-${testInfo.project.name}-${lang}.png` })
  }
})

test('nothing fixed or sticky covers a field of the editor when it is focused', async ({ page }, testInfo) => {
  // Every field of Jane's editor, testimonials and both languages' extra sections included (issue 33), twice.
  test.setTimeout(150_000)
  await signInTo(page, JANE, '/janekim/admin')
  for (const { prefix, lang } of LANGS) {
    await editorReady(page, prefix)
    // Every group open, so every field is reached.
    await page.evaluate(() => {
      for (const group of document.querySelectorAll<HTMLDetailsElement>('.editor__form details')) group.open = true
    })
    const fields = page.locator('.editor__form :is(input, textarea, select)')
    const count = await fields.count()
    let checked = 0
    for (let index = 0; index < count; index++) {
      const field = fields.nth(index)
      if (!(await field.evaluate((element) => element.checkVisibility({ visibilityProperty: true })))) continue
      // Focused as a keyboard or a tap focuses it: the browser scrolls it into view.
      await field.focus()
      const covers = await field.evaluate(async (element) => {
        // Two frames: the editor's own correction (keepFieldClear) runs in the next one.
        for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame)
        const box = element.getBoundingClientRect()
        const covering: string[] = []
        for (const other of document.querySelectorAll<HTMLElement>('body *')) {
          const { position } = getComputedStyle(other)
          if (position !== 'fixed' && position !== 'sticky') continue
          if (other.contains(element) || !other.checkVisibility({ visibilityProperty: true })) continue
          const rect = other.getBoundingClientRect()
          if (rect.left < box.right && box.left < rect.right && rect.top < box.bottom && box.top < rect.bottom)
            covering.push(other.className || other.tagName)
        }
        return { field: element.id || element.getAttribute('name') || element.outerHTML.slice(0, 80), covering }
      })
      expect(covers.covering, `${lang} ${covers.field}`).toEqual([])
      checked++
    }
    // The check reached the whole form, not a handful of fields.
    expect(checked).toBeGreaterThan(40)

    const bar = page.locator('.savebar')
    const box = (await bar.boundingBox())!
    if (testInfo.project.name === 'phone') {
      // One line, Preview in it, and at most 64 px of an 844 px screen.
      expect(box.height).toBeLessThanOrEqual(64)
      await expect(bar.getByRole('button', { name: /^(미리보기|Preview)$/ })).toBeVisible()
      await page.getByLabel(/^(연락처 전화번호|Contact phone)$/).fill('x')
      await page.getByLabel(/^(연락처 전화번호|Contact phone)$/).blur()
      expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(64)
      await expect(bar).toContainText(lang === 'ko' ? '저장 안 됨' : 'Unsaved')
      await page.screenshot({ path: `${SHOTS}/builder-savebar-phone-${lang}.png` })
      await expectNoAxeViolations(page)
      await bar.getByRole('button', { name: /^(되돌리기|Discard changes)$/ }).click()
    }
  }
})

test('export, import and delete sit in an Advanced menu, and import and delete still ask first', async ({
  page,
}, testInfo) => {
  await signInTo(page, JANE, '/janekim/admin')
  for (const { prefix, lang, exportLabel, remove, cancel } of LANGS) {
    await editorReady(page, prefix)
    const toggle = page.getByRole('button', { name: lang === 'ko' ? '고급' : 'Advanced', exact: true })
    const menu = page.locator('#editor-advanced')
    // Closed at first: Publish is the toolbar's prime action, the three are out of sight.
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(menu).toBeHidden()
    await expect(page.getByRole('link', { name: exportLabel })).toBeHidden()
    await expect(page.locator('#editor-publish')).toBeVisible()
    await expect(menu.locator('#editor-publish')).toHaveCount(0)

    // Opened with the keyboard; Escape closes it and gives the focus back to its button.
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(menu).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(menu.getByRole('link', { name: exportLabel })).toBeFocused()
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/builder-advanced-${testInfo.project.name}-${lang}.png` })
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toBeFocused()

    // A click outside closes it.
    await openAdvanced(page)
    await page.locator('.builder__title').click()
    await expect(menu).toBeHidden()

    // Export downloads the homepage as JSON, no question asked.
    const downloading = page.waitForEvent('download')
    await (await openAdvanced(page)).getByRole('link', { name: exportLabel }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^realtor-\d+-.+\.json$/)
    await expect(menu).toBeHidden()

    // Import asks before it replaces the homepage; cancelled, nothing is sent.
    const before = await (await page.request.get('/v1/realtor/janekim')).json()
    const chooser = page.waitForEvent('filechooser')
    await (await openAdvanced(page)).getByText(lang === 'ko' ? '가져오기(JSON)' : 'Import (JSON)').click()
    await (await chooser).setFiles({
      name: 'homepage.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ ...before, contactPhone: '404-555-0199' })),
    })
    const importing = page.getByTestId('import-dialog')
    await expect(importing).toBeVisible()
    await expect(menu).toBeHidden()
    await importing.getByRole('button', { name: cancel }).click()
    await expect(importing).toBeHidden()

    // Delete asks for the address typed in the builder's dialog; cancelled, the homepage stays.
    await (await openAdvanced(page)).getByRole('button', { name: remove }).click()
    const deleting = page.getByTestId('delete-dialog')
    await expect(deleting).toBeVisible()
    await expect(menu).toBeHidden()
    await deleting.getByRole('button', { name: cancel }).click()
    await expect(deleting).toBeHidden()
    expect(await (await page.request.get('/v1/realtor/janekim')).json()).toEqual(before)
  }
})
