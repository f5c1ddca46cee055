import { expectNoAxeViolations } from './axe'
import { ownAddress } from './contact-form'
import { expect, test } from './fixtures'
import { openJaneInboxOfKind } from './inbox'

// "What's my home worth?" on Jane Kim's homepage (issue 30, docs/decisions/096-home-requests.md), in Korean
// and English, at 1280 and 390 px: a visitor fills it in (a wrong field first says so, in the page's
// language), it is received, and Jane finds it in her inbox filtered by its kind with the address, rooms
// and timeline it carries. Screenshots of the section go to test/e2e/screenshots.
const SHOTS = 'test/e2e/screenshots'

const TEXT = {
  ko: {
    path: '/janekim',
    title: '우리 집 시세는 얼마일까요?',
    lastName: '성',
    firstName: '이름',
    email: '이메일',
    phone: '전화번호',
    address: '집 주소',
    beds: '침실 수',
    baths: '욕실 수',
    timeline: '매도 예정 시기',
    timelineChoice: '3–6개월 안',
    submit: '우리 집 시세 받아보기',
    required: '필수 항목입니다.',
    sent: '감사합니다! 리얼터가 곧 예상 시세를 보내 드립니다.',
    badge: '시세 평가 요청',
    rooms: '침실 4 · 욕실 2.5',
    kindOption: '시세 평가 요청',
  },
  en: {
    path: '/en/janekim',
    title: 'What’s my home worth?',
    lastName: 'Last name',
    firstName: 'First name',
    email: 'Email',
    phone: 'Phone',
    address: 'Home address',
    beds: 'Bedrooms',
    baths: 'Bathrooms',
    timeline: 'When might you sell?',
    timelineChoice: 'In 3–6 months',
    submit: 'Get my home’s value',
    required: 'This field is required.',
    sent: 'Thank you! The realtor will send you an estimate of your home’s value soon.',
    badge: 'Valuation request',
    rooms: '4 bd · 2.5 ba',
    kindOption: 'Valuation request',
  },
} as const

for (const locale of ['ko', 'en'] as const) {
  test(`a valuation request from Jane's ${locale} homepage reaches her inbox with its details`, async ({
    page,
    browser,
  }, info) => {
    const text = TEXT[locale]
    const stamp = `${info.project.name}-${locale}-${Date.now()}`
    const address = `${(stamp.length % 900) + 100} Peachtree Pkwy, Suwanee, GA 30024 (${stamp})`

    const visitor = await browser.newContext({ ...ownAddress(), locale: locale === 'ko' ? 'ko-KR' : 'en-US' })
    const home = await visitor.newPage()
    const errors: string[] = []
    home.on('pageerror', (error) => errors.push(error.message))
    home.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
    await home.goto(text.path)
    const section = home.locator('#valuation')
    await section.scrollIntoViewIfNeeded()
    await expect(section.getByRole('heading', { name: text.title })).toBeVisible()
    const form = section.locator('form.contact-form--valuation[data-hydrated]')
    await form.waitFor()
    await section.screenshot({ path: `${SHOTS}/valuation-${locale}-${info.project.name}.png` })

    // Sent without the address: the field says so, in the page's language, and nothing is posted.
    await form.getByLabel(text.lastName, { exact: true }).fill('Lee')
    await form.getByLabel(text.firstName, { exact: true }).fill('Sora')
    await form.getByLabel(text.email, { exact: true }).fill(`sora-${stamp}@example.com`)
    await form.getByLabel(text.phone, { exact: true }).fill('678-555-0199')
    await form.getByLabel(text.beds, { exact: true }).fill('4')
    await form.getByLabel(text.baths, { exact: true }).fill('2.5')
    await form.getByLabel(text.timeline, { exact: true }).selectOption({ label: text.timelineChoice })
    await form.getByRole('checkbox').check()
    await form.getByRole('button', { name: text.submit }).click()
    const addressField = form.getByLabel(text.address, { exact: true })
    await expect(addressField).toHaveAttribute('aria-invalid', 'true')
    await expect(form.locator('.contact-form__field--valuation-address')).toContainText(text.required)
    await expect(addressField).toBeFocused()

    await addressField.fill(address)
    const posted = home.waitForResponse((response) => response.url().endsWith('/v1/realtor-contacts'))
    await form.getByRole('button', { name: text.submit }).click()
    expect((await posted).status()).toBe(201)
    await expect(form.getByRole('status')).toHaveText(text.sent)
    await expect(addressField).toHaveValue('')
    await expectNoAxeViolations(home, '#valuation')
    expect(errors).toEqual([])
    await visitor.close()

    // Jane's inbox in the same language, filtered to valuation requests with the form, as a realtor does.
    await openJaneInboxOfKind(page, locale, text.kindOption)
    await expect(page).toHaveURL(/[?&]kind=valuation/)
    const entry = page.getByTestId('inbox-list').getByRole('listitem').filter({ hasText: stamp })
    await expect(entry).toContainText(text.badge)
    await expect(entry).toContainText(text.rooms)
    await expect(entry).toContainText(text.timelineChoice)
    await page.screenshot({ path: `${SHOTS}/valuation-inbox-${locale}-${info.project.name}.png` })
    for (const kind of await page.locator('.inbox-badge--kind').allTextContents()) expect(kind).toBe(text.badge)

    await entry.getByRole('link').first().click()
    const fields = page.getByTestId('entry-fields')
    await expect(fields).toContainText(address)
    await expect(fields).toContainText(text.rooms)
    await expect(fields).toContainText(text.timelineChoice)
  })
}
