import { expectNoAxeViolations } from './axe'
import { ownAddress } from './contact-form'
import { expect, test } from './fixtures'
import { localEmails } from './local-email'

// Issue 32's buyer side, in Korean and English at 1280 and 390 px (docs/decisions/107-buyer-accounts.md): on
// Jane Kim's site a visitor presses a home's heart and is asked to sign up, creates an account (saving the
// home), saves the search "Johns Creek, 3+ beds, under $1.2M, instant", confirms their email through the link
// in the local email file, sees both on My homes, and deletes the account. Every page passes axe.
const SHOTS = 'test/e2e/screenshots'

const TEXT = {
  ko: {
    path: '/janekim',
    saveHeart: /저장하기$/,
    signupIntro: '이 매물을 저장하려면 무료 계정을 만들어 주세요.',
    email: '이메일',
    name: '이름 (선택)',
    consent: /연락하는 것에 동의합니다/,
    create: '계정 만들기',
    sent: '이메일을 확인해 주세요',
    continue: '계속 둘러보기',
    saved: '저장됨',
    saveSearch: '이 검색 저장하기',
    searchName: '검색 이름',
    frequency: '알림 받기',
    instant: '바로',
    saveSearchSubmit: '검색 저장',
    myHomes: '관심 매물',
    unconfirmed: '이메일 인증이 필요해요',
    signIn: '로그인',
    confirmed: '이메일 인증이 완료되었어요.',
    deleteAccount: '계정 삭제',
    deleteConfirm: '계정 삭제하기',
    deleted: '계정이 삭제되었어요',
    signupTitle: '계정 만들기',
  },
  en: {
    path: '/en/janekim',
    saveHeart: /^Save /,
    signupIntro: 'Create a free account to save this home.',
    email: 'Email',
    name: 'Name (optional)',
    consent: /may contact me by email or phone/,
    create: 'Create account',
    sent: 'Check your email',
    continue: 'Continue browsing',
    saved: 'Saved',
    saveSearch: 'Save this search',
    searchName: 'Search name',
    frequency: 'Email me',
    instant: 'Right away',
    saveSearchSubmit: 'Save search',
    myHomes: 'My homes',
    unconfirmed: 'Confirm your email',
    signIn: 'Sign in',
    confirmed: 'Your email is confirmed.',
    deleteAccount: 'Delete my account',
    deleteConfirm: 'Delete my account',
    deleted: 'Your account was deleted',
    signupTitle: 'Create your account',
  },
} as const

for (const locale of ['ko', 'en'] as const) {
  test(`a buyer on Jane's ${locale} site saves a home and a search, confirms the email and deletes the account`, async ({
    browser,
  }, info) => {
    const text = TEXT[locale]
    const email = `buyer-${info.project.name}-${locale}-${Date.now()}@example.com`
    const context = await browser.newContext({
      ...ownAddress(),
      locale: locale === 'ko' ? 'ko-KR' : 'en-US',
      viewport: info.project.use.viewport ?? undefined,
    })
    const site = await context.newPage()
    const errors: string[] = []
    site.on('pageerror', (error) => errors.push(error.message))
    const search = `${text.path}/homes?city=Johns+Creek&max=1200000&beds=3`

    // Signed out, a heart asks to sign up, keeping the home.
    await site.goto(search)
    const card = site.locator('.homes-search .home-card').first()
    const homeHref = (await card.locator('.home-card__link').getAttribute('href'))!
    await card.getByRole('button', { name: text.saveHeart }).click()
    await expect(site).toHaveURL(/\/account\/signup\?home=/)
    await expect(site.getByText(text.signupIntro)).toBeVisible()
    await expectNoAxeViolations(site)

    // Sign-up: email, name, the consent naming Jane.
    const form = site.locator('form[action$="/account/signup"]')
    await form.getByLabel(text.email, { exact: true }).fill(email)
    await form.getByLabel(text.name).fill('Mina Lee')
    await form.getByLabel(text.consent).check()
    const sentAfter = Date.now() - 1000
    await form.getByRole('button', { name: text.create }).click()
    await expect(site.getByRole('heading', { level: 1, name: text.sent })).toBeVisible()
    await expectNoAxeViolations(site)

    // Back on the home: signed in, its heart filled.
    await site.getByRole('link', { name: text.continue }).click()
    await expect(site).toHaveURL(new RegExp(`${homeHref.replace(/[.?]/g, '\\$&')}$`))
    const saveHome = site.locator('.home-save')
    await expect(saveHome).toHaveAttribute('aria-pressed', 'true')
    await expect(saveHome).toContainText(text.saved)

    // The search, saved for instant alerts.
    await site.goto(search)
    await site.getByText(text.saveSearch, { exact: true }).click()
    const saveForm = site.locator('form.save-search__form')
    await expect(saveForm.getByLabel(text.searchName)).not.toHaveValue('')
    await saveForm.getByLabel(text.searchName).fill('Johns Creek 3+ under $1.2M')
    await saveForm.getByLabel(text.frequency).selectOption({ label: text.instant })
    await expectNoAxeViolations(site, '.save-search')
    await saveForm.getByRole('button', { name: text.saveSearchSubmit }).click()

    // My homes: the home and the search; the email not yet confirmed.
    await expect(site.getByRole('heading', { level: 1, name: text.myHomes })).toBeVisible()
    await expect(site.locator('.home-card')).toHaveCount(1)
    await expect(site.getByRole('link', { name: 'Johns Creek 3+ under $1.2M' })).toBeVisible()
    await expect(site.getByText(text.unconfirmed)).toBeVisible()
    await expectNoAxeViolations(site)

    // The link from the local email file confirms the address.
    let mail = ''
    await expect
      .poll(
        () => {
          mail = localEmails(sentAfter).find((raw) => raw.includes(email) && raw.includes('/account/link?token=')) ?? ''
          return mail
        },
        { timeout: 15_000 },
      )
      .not.toBe('')
    const token = /\/account\/link\?token=([A-Za-z0-9_-]{43})/.exec(mail)![1]
    await site.goto(`${text.path}/account/link?token=${token}`)
    await expectNoAxeViolations(site)
    await site.getByRole('button', { name: text.signIn, exact: true }).click()
    // The link leads back to the home that was being saved; the header now leads to My homes.
    await expect(site).toHaveURL(new RegExp(`${homeHref.replace(/[.?]/g, '\\$&')}$`))
    await site.locator('.tenant-header__buyer').click()
    await expect(site.getByRole('heading', { level: 1, name: text.myHomes })).toBeVisible()
    await expect(site.getByText(text.confirmed)).toBeVisible()
    await site.screenshot({ path: `${SHOTS}/buyer-my-homes-${locale}-${info.project.name}.png`, fullPage: true })

    // Deleting the account, after a confirm step, signs out and leaves nothing.
    await site.getByRole('link', { name: text.deleteAccount }).click()
    // The confirm page loaded before axe reads it.
    await expect(site).toHaveURL(/\/account\/delete$/)
    await expect(site.getByRole('button', { name: text.deleteConfirm })).toBeVisible()
    await expectNoAxeViolations(site)
    await site.getByRole('button', { name: text.deleteConfirm }).click()
    await expect(site.getByRole('heading', { level: 1, name: text.deleted })).toBeVisible()
    await site.goto(`${text.path}/account`)
    await expect(site.getByRole('heading', { level: 1, name: text.signupTitle })).toBeVisible()
    expect(errors).toEqual([])
    await context.close()
  })
}
