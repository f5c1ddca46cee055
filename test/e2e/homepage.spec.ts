import { ETC_INFO_TYPES } from '../../src/lib/realtors/types'
import { XSS_PAYLOADS } from '../fixtures/xss-payloads'
import { submitSignIn } from './accounts'
import { expectNoAxeViolations } from './axe'
import { sendContactForm } from './contact-form'
import { expect, type Page, test } from './fixtures'

const DEMO_REALTORS = [
  'equityrealty',
  'janekim',
  'danielpark',
  'sophia-lee',
  'minjun_choi',
  'grace-han',
  'chrisyoon',
  'hannah-jung',
  'ethan-kang',
  'yuna-shin',
]

function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

test.describe('realtor homepage', () => {
  test('renders janekim in Korean and English, switches listing tabs, saves screenshots', async ({ page }, info) => {
    const errors = collectErrors(page)
    await page.goto('/janekim')
    await expect(page.locator('h1')).toHaveText('김제인')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko')
    await expect(page.getByRole('heading', { name: '활동 지역' })).toBeVisible()

    const tabs = page.getByRole('tablist', { name: '리얼터의 거래' })
    await tabs.scrollIntoViewIfNeeded()
    await page.locator('.listing-tabs[data-hydrated]').waitFor()
    const rent = tabs.getByRole('tab', { name: /^임대 \d/ })
    await rent.click()
    await expect(rent).toHaveAttribute('aria-selected', 'true')
    const panel = page.locator('#agent-panel-1')
    await expect(panel).toBeVisible()
    await expect(panel.locator('.home-card__badge').first()).toHaveText('임대')
    await expect(page.locator('#agent-panel-0')).toBeHidden()
    await page.screenshot({ path: info.outputPath('janekim-ko.png'), fullPage: true })

    await page.goto('/en/janekim')
    await expect(page.locator('h1')).toHaveText('Jane Kim')
    await expect(page.getByRole('heading', { name: 'Areas served' })).toBeVisible()
    await page.screenshot({ path: info.outputPath('janekim-en.png'), fullPage: true })
    expect(errors).toEqual([])
  })

  test('every demo realtor has a homepage in both languages with no console errors', async ({ page }, info) => {
    const errors = collectErrors(page)
    for (const slug of DEMO_REALTORS) {
      for (const prefix of ['', '/en']) {
        const response = await page.goto(`${prefix}/${slug}`)
        expect(response?.status(), `${prefix}/${slug}`).toBe(200)
        await expect(page.locator('h1')).not.toBeEmpty()
        await expect(page.locator('.home-card').first()).toBeVisible()
      }
    }
    await page.goto('/en/minjun_choi')
    await expect(page.locator('body')).toHaveClass(/home--content-dark/)
    await page.screenshot({ path: info.outputPath('minjun_choi-en.png'), fullPage: true })
    expect(errors).toEqual([])
  })

  test('light and dark homepages and a subpage pass the axe WCAG checks', async ({ page }) => {
    for (const path of ['/en/janekim', '/minjun_choi', '/en/chrisyoon/process']) {
      await page.goto(path)
      await expectNoAxeViolations(page)
    }
  })

  test('the city picker loads homes of another city', async ({ page }) => {
    await page.goto('/en/equityrealty')
    const picker = page.getByLabel('City')
    await picker.scrollIntoViewIfNeeded()
    await page.locator('.city-homes[data-hydrated]').waitFor()
    const answer = page.waitForResponse((r) => r.url().includes('/cozying-api/v1/home/list'))
    await picker.selectOption('Tustin')
    expect((await answer).status()).toBe(200)
    await expect(page.locator('.city-homes .home-card__address').first()).toContainText('Tustin')
  })

  test('the contact form validates inline, then posts and is stored', async ({ page }) => {
    const errors = collectErrors(page)
    await page.goto('/janekim')
    const form = page.locator('form.contact-form--contact')
    await form.scrollIntoViewIfNeeded()
    await page.locator('form.contact-form--contact[data-hydrated]').waitFor()
    await form.getByRole('button', { name: '문의 보내기' }).click()
    await expect(form.locator('#contact-lastName-error')).toHaveText('필수 항목입니다.')
    await expect(form.locator('#contact-email-error')).toHaveText('필수 항목입니다.')
    await expect(form.locator('#contact-isTerm-error')).toHaveText('개인정보 수집 및 이용에 동의해 주세요.')
    await expect(form.locator('#contact-lastName')).toBeFocused()

    await form.getByLabel('성', { exact: true }).fill('김')
    await form.getByLabel('이름', { exact: true }).fill('민수')
    await form.getByLabel('이메일').fill('minsu@example')
    await form.getByLabel('전화번호').fill('010-123')
    await form.getByLabel('문의 내용').fill('스와니 지역 타운홈을 찾고 있습니다.')
    await form.getByRole('checkbox').check()
    await form.getByRole('button', { name: '문의 보내기' }).click()
    await expect(form.locator('#contact-email-error')).toHaveText('올바른 이메일 주소를 입력해 주세요.')
    await expect(form.locator('#contact-phone-error')).toHaveText(
      '010-1234-5678처럼 입력하거나, +1 404 555 7788처럼 + 와 국가 번호로 시작해 주세요. (404) 555-7788 같은 미국 번호도 됩니다.',
    )

    await form.getByLabel('이메일').fill('minsu@example.com')
    await form.getByLabel('전화번호').fill('010-1234-5678')
    const posted = page.waitForResponse((r) => r.url().endsWith('/v1/realtor-contacts'))
    await form.getByRole('button', { name: '문의 보내기' }).click()
    const response = await posted
    expect(response.status()).toBe(201)
    const body = await response.json()
    expect(body.id).toBeGreaterThan(0)
    expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({
      realtorId: 2,
      name: '김 민수',
      lastName: '김',
      firstName: '민수',
      phoneCountryCode: 'KR',
      isTerm: 'Y',
    })
    await expect(form.getByRole('status').last()).toHaveText('문의가 접수되었습니다. 리얼터가 곧 연락드립니다.')
    await expect(form.getByLabel('성', { exact: true })).toHaveValue('')
    await expect(form.getByRole('checkbox')).not.toBeChecked()
    expect(errors).toEqual([])
  })

  test('uses US phone rules on English pages', async ({ page }) => {
    await page.goto('/en/janekim')
    const form = page.locator('form.contact-form--contact')
    await form.scrollIntoViewIfNeeded()
    await page.locator('form.contact-form--contact[data-hydrated]').waitFor()
    await expect(form.getByLabel('Country code')).toHaveValue('US')
    await expect(form.getByLabel('Phone')).toHaveAttribute('autocomplete', 'tel')
    await form.getByLabel('Phone').fill('678-555-01')
    await form.getByRole('button', { name: 'Send message' }).click()
    await expect(form.locator('#contact-phone-error')).toHaveText(
      'Enter a number such as (404) 555-7788, or start with + and the country code, such as +82 10 1234 5678.',
    )
  })

  test('takes a US number typed on a Korean page with KR selected as US, and switches the select (064)', async ({
    page,
  }) => {
    await page.goto('/janekim')
    const form = page.locator('form.contact-form--contact')
    await expect(form.getByLabel('국가 번호')).toHaveValue('KR')
    const response = await sendContactForm(page, 'ko', {
      lastName: '김',
      firstName: '민수',
      email: 'minsu@example.com',
      phone: '(404) 555-7788',
      message: '애틀랜타 지역 문의입니다.',
    })
    expect(response.status()).toBe(201)
    expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({
      phone: '(404) 555-7788',
      phoneCountryCode: 'US',
    })
    await expect(form.getByLabel('국가 번호')).toHaveValue('US')
  })

  test('hostile realtor text in every text field never executes on the homepage or in the editor', async ({
    page,
    request,
  }) => {
    const login = await request.post('/v1/auth/login', {
      data: { email: 'ethan-kang@realtor.local', password: 'demo-realtor-2026' },
    })
    expect(login.status()).toBe(200)
    const me = await (await request.get('/v1/auth/me')).json()
    // Ethan's homepage is given back as it was at the end: the other specs (the contrast checks of every demo
    // realtor among them) see the seeded homepage, whichever order they run in.
    const original = await (await request.get(`/v1/realtor/${me.user.realtorId}`)).json()
    const fields = ['aboutMeKr', 'aboutMeEn', 'licenseNumber', 'ppProfileId', 'additionalSections', 'etcInfo']
    const patched = (realtor: Record<string, unknown>) =>
      Object.fromEntries([...fields, 'activityRegion', 'seoMeta'].map((key) => [key, realtor[key]]))
    const restore = async () => {
      const data = patched(original)
      expect((await request.patch(`/v1/realtor/${me.user.realtorId}`, { data })).status()).toBe(200)
      expect(patched(await (await request.get(`/v1/realtor/${me.user.realtorId}`)).json())).toEqual(data)
    }
    // Every free-text field of a realtor, each with payloads of the corpus (all of it across them).
    const payload = (i: number) => XSS_PAYLOADS[i % XSS_PAYLOADS.length]!
    const corpus = XSS_PAYLOADS.join('\n\n')
    const seo = (k: number) => ({
      title: payload(k),
      description: payload(k + 1),
      keywords: payload(k + 2),
      author: payload(k + 3),
    })
    try {
      const patch = await request.patch(`/v1/realtor/${me.user.realtorId}`, {
        data: {
          aboutMeKr: corpus,
          aboutMeEn: corpus,
          licenseNumber: payload(11).slice(0, 40),
          ppProfileId: payload(12).slice(0, 100),
          additionalSections: XSS_PAYLOADS.slice(0, 20).map((p, i) => ({
            title: payload(i + 20).slice(0, 200),
            content: p,
          })),
          etcInfo: ETC_INFO_TYPES.map((contentType, i) => ({ contentType, content: payload(i + 40) })),
          activityRegion: [
            { state: 'CA', city: payload(50).slice(0, 80), neighborhood: payload(51).slice(0, 80), zipcode: '' },
            { state: 'GA', city: 'Suwanee', neighborhood: payload(52).slice(0, 80), zipcode: '30024' },
          ],
          seoMeta: { ko: seo(30), en: seo(34) },
        },
      })
      expect(patch.status()).toBe(200)
      const dialogs: string[] = []
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message())
        void dialog.dismiss()
      })
      // CSP violations, as the page itself would report them.
      await page.addInitScript(() => {
        const seen: string[] = []
        ;(window as unknown as { __csp: string[] }).__csp = seen
        document.addEventListener('securitypolicyviolation', (event) =>
          seen.push(`${event.violatedDirective} ${event.blockedURI}`),
        )
      })
      const check = async () => {
        await page.mouse.move(200, 300)
        await page.mouse.wheel(0, 4000)
        expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined()
        expect(await page.locator('[data-xss]').count()).toBe(0)
        expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([])
      }
      for (const path of ['/ethan-kang', '/en/ethan-kang', '/ethan-kang/terms', '/ethan-kang/pinia_sample']) {
        await page.goto(path)
        await expect(page.locator('h1')).toBeVisible()
        await check()
      }
      await page.goto('/ethan-kang')
      await expect(page.getByText(XSS_PAYLOADS[0]!).first()).toBeAttached()

      // The editor shows the same fields in its form and live preview.
      await submitSignIn(page, { email: 'ethan-kang@realtor.local', password: 'demo-realtor-2026' })
      await expect(page).toHaveURL(/\/ethan-kang\/admin$/)
      await expect(page.getByRole('button', { name: '저장' })).toBeEnabled()
      await check()
      // The preview frame shows the same text as the homepage, as text (phones open it full screen first).
      const toggle = page.getByRole('button', { name: '미리보기', exact: true })
      if (await toggle.isVisible()) await toggle.click()
      const preview = page.getByTestId('preview-frame')
      await expect(preview.contentFrame().getByText(XSS_PAYLOADS[0]!).first()).toBeAttached()
      expect(await preview.contentFrame().locator('[data-xss]').count()).toBe(0)
      expect(await preview.evaluate((frame) => '__xss' in ((frame as HTMLIFrameElement).contentWindow ?? {}))).toBe(
        false,
      )
      await check()
      expect(dialogs).toEqual([])
    } finally {
      await restore()
    }
  })
})
