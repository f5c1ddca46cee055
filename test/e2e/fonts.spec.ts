import { expect, test } from './fixtures'

// Korean text uses the device's own Korean font (docs/decisions/028-fonts.md): the stack names the
// system Korean families and no web font, nothing is downloaded, and Chromium draws the Hangul with a
// real installed font (here fonts-noto-cjk), not with a missing glyph.
const SYSTEM_KOREAN = ['Apple SD Gothic Neo', 'Malgun Gothic', 'Noto Sans KR']

const families = (stack: string) => stack.split(',').map((family) => family.trim().replace(/^["']|["']$/g, ''))

for (const path of ['/', '/janekim', '/login']) {
  test(`${path}: Korean text is set in the system Korean fonts, with no web font`, async ({ page }) => {
    await page.goto(path)
    const stack = families(await page.evaluate(() => getComputedStyle(document.body).fontFamily))
    // The Korean families first, in this order, and a generic family last.
    expect(stack.slice(0, SYSTEM_KOREAN.length)).toEqual(SYSTEM_KOREAN)
    expect(stack.at(-1)).toBe('sans-serif')
    // No @font-face anywhere: no family of the stack waits for (or silently misses) a download.
    expect(await page.evaluate(() => document.fonts.size)).toBe(0)
    expect(stack).not.toContain('Pretendard')

    const cdp = await page.context().newCDPSession(page)
    await cdp.send('DOM.enable')
    await cdp.send('CSS.enable')
    const { root } = await cdp.send('DOM.getDocument')
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' })
    const h1 = (await page.locator('h1').first().textContent()) ?? ''
    expect(h1).toMatch(/[가-힣]/)
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
    expect(fonts.length).toBeGreaterThan(0)
    expect(fonts.every((font) => !font.isCustomFont)).toBe(true)
    // The Hangul glyphs come from an installed Korean (CJK) font.
    expect(fonts.some((font) => /CJK|KR|Gothic/.test(font.familyName) && font.glyphCount > 0)).toBe(true)
  })
}
