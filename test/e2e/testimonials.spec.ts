import { submitSignIn } from './accounts'
import { expectNoAxeViolations } from './axe'
import { expect, type Page, test } from './fixtures'

// Issue 33's "done when" for content (docs/decisions/111): a realtor writes a testimonial and an extra section in
// both languages in the editor, puts testimonials first, saves, and the Korean page shows only the Korean
// words, the English page only the English ones, at the phone's and the desktop's width, axe clean.
const SHOTS = 'test/e2e/screenshots'
const ACCOUNT = { email: 'ethan-kang@realtor.local', password: 'demo-realtor-2026' }

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

/** The last item of the list in the editor's section `id`: the one just added. */
const lastItem = (page: Page, id: string) => page.locator(`#${id} .list-editor__item`).last()

test('a testimonial and an extra section written in both languages show only in their own language', async ({
  page,
}, testInfo) => {
  // Each project adds its own (they share one worker's state, one after the other).
  const run = testInfo.project.name
  const words = {
    quoteKo: `이사 준비부터 계약까지 정말 든든했어요 ${run}`,
    quoteEn: `Ethan made our first purchase easy ${run}`,
    titleKo: `신축 분양 체크리스트 ${run}`,
    contentKo: '분양 계약 전에 꼭 확인할 항목을 정리했습니다.',
    titleEn: `New build checklist ${run}`,
    contentEn: 'What to check before you sign with a builder.',
  }

  await submitSignIn(page, ACCOUNT)
  await expect(page).toHaveURL(/\/ethan-kang\/admin$/)
  await expect(page.getByRole('button', { name: /^(저장|Save)$/ })).toBeEnabled()

  // A testimonial: the client, a rating, the quote in each language and where it was posted.
  await page.locator('#testimonials').getByRole('button', { name: '+ 추가' }).click()
  const testimonial = lastItem(page, 'testimonials')
  await testimonial.getByLabel('고객 이름 또는 이니셜').fill('K. Choi')
  await testimonial.getByLabel('평점').selectOption('5')
  await testimonial.getByLabel('후기 (한국어 페이지)').fill(words.quoteKo)
  await testimonial.getByLabel('후기 (영어 페이지)').fill(words.quoteEn)
  await testimonial.getByLabel('원문 링크 (Zillow, Google, Yelp 등)').fill('https://www.zillow.com/profile/ethan-kang')

  // An extra section, its title and content in each language.
  await page.locator('#additional').getByRole('button', { name: '+ 추가' }).click()
  const section = lastItem(page, 'additional')
  await section.getByLabel('제목 (한국어 페이지)').fill(words.titleKo)
  await section.getByLabel('내용 (한국어 페이지)').fill(words.contentKo)
  await section.getByLabel('제목 (영어 페이지)').fill(words.titleEn)
  await section.getByLabel('내용 (영어 페이지)').fill(words.contentEn)

  // Testimonials first: moved up by keyboard past listings and about (already first on the second run); the
  // focus moves with the section, so Enter again moves it further.
  const order = page.locator('#order .list-editor__item')
  const up = order.filter({ hasText: '고객 후기' }).getByRole('button', { name: '위로' })
  if (await up.isEnabled()) {
    await up.focus()
    await page.keyboard.press('Enter')
    await expect(order.nth(1).getByRole('button', { name: '위로' })).toBeFocused()
    await page.keyboard.press('Enter')
    // At the top its Up is disabled: the focus is on its Down.
    await expect(order.first().getByRole('button', { name: '아래로' })).toBeFocused()
  }
  await expect(order.first()).toContainText('1. 고객 후기')

  if (run === 'desktop') {
    // The preview follows the draft: the new order and the new words, before anything is saved.
    const frame = page.frameLocator('[data-testid="preview-frame"]')
    await expect(frame.locator('#testimonials')).toContainText(words.quoteKo)
    const first = await frame
      .locator('main .home-section')
      .evaluateAll((sections) =>
        sections.map((s) => s.className).find((c) => /home-(about|listings|testimonials)/.test(c)),
      )
    expect(first).toContain('home-testimonials')
  }

  await page.getByRole('button', { name: '저장', exact: true }).click()
  await expect(page.getByText('모든 변경 사항이 저장되었습니다.').first()).toBeVisible()

  const width = page.viewportSize()?.width
  for (const [path, own, other] of [
    ['/ethan-kang', [words.quoteKo, words.titleKo, words.contentKo], [words.quoteEn, words.titleEn, words.contentEn]],
    [
      '/en/ethan-kang',
      [words.quoteEn, words.titleEn, words.contentEn],
      [words.quoteKo, words.titleKo, words.contentKo],
    ],
  ] as const) {
    await page.goto(path)
    const testimonials = page.locator('#testimonials')
    await expect(testimonials).toBeVisible()
    const main = page.locator('main')
    for (const text of own) await expect(main).toContainText(text)
    for (const text of other) await expect(main).not.toContainText(text)
    await expect(testimonials.locator('.testimonial__rating').first()).toHaveAttribute(
      'aria-label',
      path.startsWith('/en') ? '5 out of 5' : '5점 만점에 5점',
    )
    // Testimonials come before about me, as ordered.
    const classes = await main.locator('.home-section').evaluateAll((sections) => sections.map((s) => s.className))
    const at = (name: string) => classes.findIndex((c) => c.includes(name))
    expect(at('home-testimonials')).toBeLessThan(at('home-about'))
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width ?? 0)
    await testimonials.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/testimonials-${run}-${path.startsWith('/en') ? 'en' : 'ko'}.png` })
    await expectNoAxeViolations(page)
  }
})
