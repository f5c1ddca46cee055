// The landing page in Chromium at 1280 and 390 px: the header after scrolling, the lead panel (open,
// close three ways, scroll lock, phone filter, consent gating, submit success and failure), the
// carousel (ten slides, new-tab links, a drag is not a click), analytics beacons, no console errors.

import { expectNoAxeViolations } from './axe'
import { expect, type Page, test } from './fixtures'

function watch(page: Page) {
  const errors: string[] = []
  const alerts: string[] = []
  const events: string[] = []
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message())
    void dialog.accept()
  })
  page.on('request', (request) => {
    if (request.url().endsWith('/api/events')) events.push(JSON.parse(request.postData() ?? '{}').name)
  })
  return { errors, alerts, events }
}

const panel = (page: Page) => page.locator('dialog.lead-panel')
const heroCta = (page: Page) => page.locator('.landing-hero').getByRole('button', { name: '무료 상담 신청' })
const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow)

async function openPanel(page: Page) {
  await heroCta(page).click()
  await expect(panel(page)).toBeVisible()
  await settle(panel(page))
}

/** Waits for the element's animations (the panel's slide-in) to finish. */
async function settle(locator: ReturnType<Page['locator']>) {
  await locator.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)))
}

test.describe('landing page', () => {
  test('header turns black and compact after scrolling more than 10 px, and back at the top', async ({
    page,
  }, info) => {
    const { errors } = watch(page)
    await page.goto('/')
    const header = page.locator('header.site-header')
    await expect(header).toContainText('Built for Realtors')
    await expect(header.locator('.lang-switcher')).toContainText('English')
    await expect(header).not.toHaveAttribute('data-scrolled')
    const before = await header.boundingBox()
    await page.screenshot({ path: info.outputPath(`landing-top-${info.project.name}.png`) })

    await page.evaluate(() => window.scrollTo(0, 10))
    await page.waitForTimeout(100)
    await expect(header).not.toHaveAttribute('data-scrolled')
    await page.evaluate(() => window.scrollTo(0, 11))
    await expect(header).toHaveAttribute('data-scrolled', '')
    await expect(header).toHaveCSS('background-color', 'rgb(11, 13, 18)')
    // Compact: the bar slides up so 56 of its 72 px show (a transform: no layout shift).
    expect(before).toMatchObject({ y: 0, height: 72 })
    await expect
      .poll(async () => {
        const box = (await header.boundingBox())!
        return Math.round(box.y + box.height)
      })
      .toBe(56)

    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(header).not.toHaveAttribute('data-scrolled')
    await page.screenshot({ path: info.outputPath(`landing-full-${info.project.name}.png`), fullPage: true })
    expect(errors).toEqual([])
  })

  test('has no layout shift while loading and scrolling, and no accessibility violations', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number }
      w.layoutShift = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) w.layoutShift += entry.value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    for (let y = 0; y < 4000; y += 400) {
      await page.evaluate((top) => window.scrollTo(0, top), y)
      await page.waitForTimeout(60)
    }
    await expect(page.locator('.showcase .swiper')).toHaveClass(/swiper-initialized/)
    expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBe(0)
    await expectNoAxeViolations(page)
    await openPanel(page)
    await expectNoAxeViolations(page, 'dialog.lead-panel')
  })

  test('the panel opens from the CTA and closes by X, Escape and the backdrop, hiding the page scrollbar', async ({
    page,
  }, info) => {
    const { errors, events } = watch(page)
    await page.goto('/')
    expect(await bodyOverflow(page)).not.toBe('hidden')
    await openPanel(page)
    await expect(panel(page).getByRole('heading', { name: '홈페이지 제작 상담 신청' })).toBeVisible()
    // Focus is inside the panel.
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true)
    const viewport = page.viewportSize()!
    const box = (await panel(page).boundingBox())!
    if (info.project.name === 'desktop') {
      expect(box.width / viewport.width).toBeGreaterThan(0.38)
      expect(box.width / viewport.width).toBeLessThan(0.42)
    } else {
      expect(box.width).toBe(viewport.width)
    }
    expect(Math.round(box.x + box.width)).toBe(viewport.width)
    expect(await bodyOverflow(page)).toBe('hidden')
    await page.screenshot({ path: info.outputPath(`landing-panel-${info.project.name}.png`) })

    await panel(page).getByRole('button', { name: '닫기' }).click()
    await expect(panel(page)).toBeHidden()
    expect(await bodyOverflow(page)).not.toBe('hidden')
    await expect(heroCta(page)).toBeFocused()

    await openPanel(page)
    await page.keyboard.press('Escape')
    await expect(panel(page)).toBeHidden()
    expect(await bodyOverflow(page)).not.toBe('hidden')

    if (info.project.name === 'desktop') {
      await openPanel(page)
      await page.mouse.click(100, viewport.height / 2)
      await expect(panel(page)).toBeHidden()
      expect(await bodyOverflow(page)).not.toBe('hidden')
    }
    await expect
      .poll(() => events)
      .toEqual(
        expect.arrayContaining(['lead_realtor_view_home', 'lead_realtor_click_btn_cta', 'lead_realtor_view_form']),
      )
    expect(errors).toEqual([])
  })

  test('keyboard: Enter on the CTA before its code has loaded opens the panel', async ({ page }) => {
    const { errors } = watch(page)
    await page.goto('/')
    await heroCta(page).focus()
    await page.keyboard.press('Enter')
    await expect(panel(page)).toBeVisible()
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true)
    await page.keyboard.press('Escape')
    await expect(panel(page)).toBeHidden()
    await expect(heroCta(page)).toBeFocused()
    expect(errors).toEqual([])
  })

  test('the form filters the phone characters, offers hasSite with a disabled placeholder and gates submit on both consents', async ({
    page,
  }) => {
    const { errors, alerts } = watch(page)
    await page.goto('/')
    await openPanel(page)
    const form = panel(page)
    const phone = form.getByLabel('연락처')
    // Digits, spaces and + ( ) . - / as people write numbers (064); anything else is refused with a warning.
    await phone.pressSequentially('(949) 55a5')
    await expect(phone).toHaveValue('(949) 555')
    await expect(form.getByRole('alert')).toHaveText('숫자, 공백과 + ( ) . - / 만 입력할 수 있습니다.')
    await phone.pressSequentially('-0100')
    await expect(phone).toHaveValue('(949) 555-0100')
    // The warning stays a few seconds, then goes.
    await expect(form.getByRole('alert')).toBeHidden({ timeout: 8000 })

    const options = form.getByLabel('현재 리얼터 홈페이지가 있으신가요?').locator('option')
    await expect(options).toHaveText(['선택해 주세요', '네, 있습니다', '아니요, 없습니다'])
    await expect(options.first()).toBeDisabled()

    const submit = form.getByRole('button', { name: '상담 신청하기' })
    await expect(submit).toBeDisabled()
    await form.getByLabel('이름').fill('테스트')
    await form.getByLabel('활동 지역').fill('Irvine, CA')
    await form.getByLabel('현재 리얼터 홈페이지가 있으신가요?').selectOption('no')
    await form.getByRole('checkbox').first().check()
    await expect(submit).toBeDisabled()
    // Submitted anyway (e.g. by script): the spec's alert, nothing sent.
    await page.evaluate(() => document.querySelector<HTMLFormElement>('dialog .lead-form')?.requestSubmit())
    await expect.poll(() => alerts).toEqual(['필수 항목에 모두 동의해 주세요.'])
    await form.getByRole('checkbox').nth(1).check()
    await expect(submit).toBeEnabled()
    expect(errors).toEqual([])
  })

  test('a submitted lead is stored, the panel closes and the fields reset', async ({ page }) => {
    const { errors, alerts, events } = watch(page)
    await page.goto('/')
    await openPanel(page)
    const form = panel(page)
    await form.getByLabel('이름').fill('브라우저 테스트')
    await form.getByLabel('활동 지역').fill('Suwanee, GA')
    await form.getByLabel('연락처').fill('678-555-0101')
    await form.getByLabel('현재 리얼터 홈페이지가 있으신가요?').selectOption('yes')
    for (const box of await form.getByRole('checkbox').all()) await box.check()
    const [response] = await Promise.all([
      page.waitForResponse('**/api/send-to-slack'),
      form.getByRole('button', { name: '상담 신청하기' }).click(),
    ])
    expect(response.status()).toBe(201)
    expect(await response.json()).toMatchObject({
      id: expect.any(Number),
      status: expect.stringMatching(/pending|delivered/),
    })
    await expect.poll(() => alerts).toEqual(['상담 신청이 접수되었습니다. 곧 연락드리겠습니다.'])
    await expect(panel(page)).toBeHidden()
    await openPanel(page)
    await expect(form.getByLabel('이름')).toHaveValue('')
    await expect(form.getByLabel('연락처')).toHaveValue('')
    await expect(form.getByLabel('현재 리얼터 홈페이지가 있으신가요?')).toHaveValue('')
    for (const box of await form.getByRole('checkbox').all()) await expect(box).not.toBeChecked()
    await expect.poll(() => events).toContain('lead_realtor_click_form_cta')
    expect(errors).toEqual([])
  })

  test('a failed submit shows the failure alert and keeps what was typed', async ({ page }) => {
    const { alerts } = watch(page)
    await page.route('**/api/send-to-slack', (route) => route.fulfill({ status: 500, body: '{}' }))
    await page.goto('/en')
    await page.locator('.landing-hero').getByRole('button', { name: 'Request a free consultation' }).click()
    const form = panel(page)
    await form.getByLabel('Name').fill('Jane')
    await form.getByLabel('Area you serve').fill('Irvine, CA')
    await form.getByLabel('Phone').fill('949-555-0123')
    const hasSite = form.getByLabel('Do you have a realtor homepage today?')
    await expect(hasSite.locator('option')).toHaveText(['Choose one', 'Yes, I do', "No, I don't"])
    await hasSite.selectOption('no')
    for (const box of await form.getByRole('checkbox').all()) await box.check()
    await form.getByRole('button', { name: 'Send request' }).click()
    await expect.poll(() => alerts).toEqual(["We couldn't send your request. Please try again in a moment."])
    await expect(panel(page)).toBeVisible()
    await expect(form.getByLabel('Name')).toHaveValue('Jane')
  })

  test('the carousel shows ten example sites that open in a new tab; a drag does not open one', async ({
    page,
    context,
  }, info) => {
    const { errors } = watch(page)
    await context.route(/\.example\//, (route) => route.fulfill({ body: 'example site' }))
    await page.goto('/')
    const carousel = page.locator('.showcase .swiper')
    const slides = carousel.locator('.swiper-slide')
    await expect(slides).toHaveCount(10)
    for (const link of await slides.locator('a').all()) {
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', 'noopener')
      expect(await link.getAttribute('href')).toMatch(/^(https:\/\/[a-z]+\.example\/|\/[a-z_-]+)$/)
    }
    await carousel.scrollIntoViewIfNeeded()
    await expect(carousel).toHaveClass(/swiper-initialized/)
    await page.screenshot({ path: info.outputPath(`landing-carousel-${info.project.name}.png`) })

    // 1.2 slides in view (1.4 under 500 px), 12 px apart.
    const first = (await slides.nth(0).boundingBox())!
    const second = (await slides.nth(1).boundingBox())!
    const width = (await carousel.boundingBox())!.width
    const perView = info.project.name === 'phone' ? 1.4 : 1.2
    expect(Math.abs(first.width - (width - (perView - 1) * 12) / perView)).toBeLessThan(1)
    expect(Math.round(second.x - (first.x + first.width))).toBe(12)

    let opened = 0
    context.on('page', () => opened++)
    const box = (await slides.nth(0).boundingBox())!
    const y = box.y + box.height / 2
    await page.mouse.move(box.x + box.width * 0.8, y)
    await page.mouse.down()
    for (let step = 1; step <= 10; step++) await page.mouse.move(box.x + box.width * (0.8 - step * 0.065), y)
    await page.mouse.up()
    await expect(slides.nth(1)).toHaveClass(/swiper-slide-active/)
    await page.waitForTimeout(500)
    expect(opened).toBe(0)

    const [popup] = await Promise.all([context.waitForEvent('page'), slides.nth(1).locator('a').click()])
    expect(popup.url()).toBe(
      await slides
        .nth(1)
        .locator('a')
        .evaluate((a) => (a as HTMLAnchorElement).href),
    )
    expect(errors).toEqual([])
  })
})
