import type { Browser } from '@playwright/test'
import { ADMIN, chooseOwnPassword, signInTo, typedByAdmin } from './accounts'
import { expectNoAxeViolations } from './axe'
import { expect, test } from './fixtures'

// Publishing (issue 17, docs/decisions/043-publishing.md): an admin creates an account, the new realtor
// signs in and sees their unpublished page with the owner's bar while a signed-out visitor gets
// "coming soon"; the realtor publishes through the confirmation dialog and the visitor sees the page.
// Compliance by default (issue 31, decision 101): Publish first refuses and says why until the license and the
// brokerage are saved, under California's "DRE #"; the published footer shows them and the EHO mark.
const SHOTS = 'test/e2e/screenshots'

async function visitor(browser: Browser, locale = 'ko-KR') {
  const context = await browser.newContext({ locale })
  return { context, page: await context.newPage() }
}

test('a new realtor sees the bar on their unpublished page, a visitor sees coming soon, publishing opens it', async ({
  page,
  browser,
  request,
}, testInfo) => {
  page.on('pageerror', (error) => {
    throw error
  })
  // A long walk through two browsers: room for a loaded machine, and a retry starts with an account of its own.
  test.setTimeout(120_000)
  const width = testInfo.project.name
  const address = `publish-${width}${testInfo.retry ? `-${testInfo.retry}` : ''}`
  const email = `${address}@realtor.local`
  const password = 'publish-pass-2026'

  // An admin creates the account through the API: its homepage starts unpublished.
  const login = await request.post('/v1/auth/login', { data: ADMIN })
  const { token } = (await login.json()) as { token: string }
  const created = await request.post('/v1/accounts', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Yujin Oh', email, password: typedByAdmin(password), desiredUrl: address },
  })
  expect(created.status()).toBe(201)
  await chooseOwnPassword(request, email, password)
  const { realtor } = (await created.json()) as { realtor: { id: number; isMakeHomepage: string } }
  expect(realtor.isMakeHomepage).toBe('N')
  // A California realtor: their license reads "DRE #".
  const region = await request.patch(`/v1/realtor/${realtor.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { activityRegion: [{ state: 'CA', city: 'Irvine', neighborhood: '', zipcode: '' }] },
  })
  expect(region.status()).toBe(200)

  // A signed-out visitor gets the friendly coming-soon page, in Korean and English.
  const guest = await visitor(browser)
  const soon = await guest.page.goto(`/${address}`)
  expect(soon?.status()).toBe(404)
  await expect(guest.page.getByRole('heading', { level: 1 })).toHaveText('곧 새 홈페이지로 찾아뵙겠습니다')
  await expect(guest.page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  await expectNoAxeViolations(guest.page)
  await guest.page.screenshot({ path: `${SHOTS}/coming-soon-ko-${width}.png`, fullPage: true })
  expect((await guest.page.goto(`/en/${address}`))?.status()).toBe(404)
  await expect(guest.page.getByRole('heading', { level: 1 })).toHaveText('A new homepage is on its way')
  await guest.page.screenshot({ path: `${SHOTS}/coming-soon-en-${width}.png`, fullPage: true })

  // The realtor signs in (accepting the agreement first) and lands in the editor.
  expect(await signInTo(page, { email, password }, `/${address}/admin`)).toBe(true)
  const publish = page.locator('#editor-publish')
  await expect(publish).toBeEnabled()
  await expect(publish).toHaveText('공개하기')
  await expect(page.getByTestId('publish-state')).toContainText('비공개')
  // The yes/no field is gone: the button is the switch.
  await expect(page.locator('#field-isMakeHomepage')).toHaveCount(0)

  // Their own page, with the bar that only they see (and a visitor right after still gets coming soon).
  const own = await page.goto(`/${address}`)
  expect(own?.status()).toBe(200)
  const bar = page.getByTestId('unpublished-bar')
  await expect(bar).toContainText('아직 공개 전입니다.')
  await expect(bar).toContainText('이 페이지는 회원님만 볼 수 있어요.')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/unpublished-bar-ko-${width}.png` })
  expect((await guest.page.goto(`/${address}`))?.status()).toBe(404)
  await page.goto(`/en/${address}`)
  await expect(bar).toContainText('Not published. Only you can see this page.')
  await page.screenshot({ path: `${SHOTS}/unpublished-bar-en-${width}.png` })
  await bar.getByRole('link', { name: 'Publish it in the editor' }).click()
  await expect(page).toHaveURL(new RegExp(`/en/${address}/admin$`))
  await expect(publish).toBeEnabled()
  await page.goto(`/${address}/admin`)
  await expect(publish).toBeEnabled()

  // Without a license and a brokerage, Publish says what to fill in and save, and opens nothing (ko, en).
  const notice = page.getByTestId('editor-notice')
  await publish.click()
  await expect(notice).toHaveText(
    '공개하려면 먼저 다음 항목을 입력하고 저장해 주세요: DRE 면허 번호 및 소속 중개회사 이름. 면허 규정상 홈페이지 하단에 표시해야 하는 정보입니다.',
  )
  await expect(notice).toBeFocused()
  await expect(page.getByTestId('publish-dialog')).toBeHidden()
  await expect(page.getByTestId('publish-state')).toContainText('비공개')
  const step = (name: string) => page.getByTestId('onboarding').locator(`[data-step="${name}"]`)
  for (const name of ['license', 'brokerage']) await expect(step(name)).not.toHaveAttribute('data-done', '')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/publish-refused-ko-${width}.png` })
  await page.goto(`/en/${address}/admin`)
  await publish.click()
  await expect(notice).toHaveText(
    "To publish, first fill in and save: DRE # and Brokerage name. Licensing rules require them in your homepage's footer.",
  )
  await expect(page.getByTestId('publish-dialog')).toBeHidden()
  await expect(page.getByLabel('Brokerage DRE #')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/publish-refused-en-${width}.png` })

  // Filled in but not saved: still refused, since what goes public is what was saved. Saved: the steps tick.
  await page.goto(`/${address}/admin`)
  await page.getByLabel('DRE 면허 번호', { exact: true }).fill('02199876')
  await page.getByLabel('소속 중개회사 이름').fill('Irvine Pacific Realty')
  await page.getByLabel('중개회사 DRE 면허 번호').fill('02190000')
  await publish.click()
  await expect(notice).toContainText('DRE 면허 번호 및 소속 중개회사 이름')
  await page.getByRole('button', { name: '저장', exact: true }).click()
  await expect(notice).toHaveText('성공적으로 수정 되었습니다.')
  for (const name of ['license', 'brokerage']) await expect(step(name)).toHaveAttribute('data-done', '')

  // Unsaved changes: the dialog says publishing shows what was saved; Escape closes it, focus returns.
  await page.getByLabel('자기소개 (영어)').fill('Hi, I am Yujin.')
  await publish.click()
  const dialog = page.getByRole('dialog', { name: '홈페이지를 공개할까요?' })
  await expect(dialog).toBeVisible()
  const origin = new URL(page.url()).origin
  await expect(page.getByTestId('publish-address')).toHaveText(`${origin}/${address}`)
  await expect(page.getByTestId('publish-unsaved')).toBeVisible()
  await expect(dialog.getByRole('button', { name: '취소' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(publish).toBeFocused()
  await page.getByRole('button', { name: '저장', exact: true }).click()
  await expect(page.getByTestId('editor-notice')).toHaveText('성공적으로 수정 되었습니다.')

  // Saved: the dialog no longer warns; confirming publishes.
  await publish.click()
  await expect(dialog).toBeVisible()
  await expect(page.getByTestId('publish-unsaved')).toHaveCount(0)
  await expectNoAxeViolations(page, '[data-testid="publish-dialog"]')
  await page.screenshot({ path: `${SHOTS}/publish-dialog-${width}.png` })
  await dialog.getByRole('button', { name: '공개하기' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('editor-notice')).toHaveText(
    `홈페이지가 공개되었습니다. 이제 누구나 ${origin}/${address}에서 볼 수 있어요.`,
  )
  await expect(page.getByTestId('publish-state')).toContainText('공개 중')
  await expect(publish).toHaveText('비공개로 전환')
  await expect(page.getByText('모든 변경 사항이 저장되었습니다.')).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `${SHOTS}/editor-published-${width}.png` })

  // The visitor now sees the real page, saved changes included, without the bar.
  const open = await guest.page.goto(`/en/${address}`)
  expect(open?.status()).toBe(200)
  await expect(guest.page.getByTestId('unpublished-bar')).toHaveCount(0)
  await expect(guest.page.locator('h1')).toContainText('Yujin Oh')
  await expect(guest.page.getByText('Hi, I am Yujin.')).toBeVisible()
  const robots = guest.page.locator('meta[name="robots"]')
  await expect(robots).toHaveCount(0)
  // Its footer, in English and Korean: the license under "DRE #", the brokerage and the EHO mark.
  const footer = guest.page.locator('footer.tenant-footer')
  await expect(footer.getByTestId('footer-license')).toHaveText('DRE #02199876')
  await expect(footer.getByTestId('footer-brokerage')).toHaveText('Irvine Pacific Realty')
  await expect(footer).toContainText('Brokerage DRE #02190000')
  await expect(footer.getByRole('img', { name: 'Equal Housing Opportunity' })).toBeVisible()
  await footer.scrollIntoViewIfNeeded()
  await expectNoAxeViolations(guest.page)
  await footer.screenshot({ path: `${SHOTS}/published-footer-en-${width}.png` })
  await guest.page.goto(`/${address}`)
  await expect(footer.getByTestId('footer-license')).toHaveText('DRE #02199876')
  await expect(footer.getByTestId('footer-brokerage')).toHaveText('Irvine Pacific Realty')
  await expect(footer).toContainText('중개회사 DRE #02190000')
  await expect(footer.getByRole('img', { name: '평등 주택 기회' })).toBeVisible()
  await expectNoAxeViolations(guest.page)
  await footer.screenshot({ path: `${SHOTS}/published-footer-ko-${width}.png` })

  // Unpublishing asks too, and hides the page again at once.
  await publish.click()
  const undo = page.getByRole('dialog', { name: '홈페이지를 비공개로 전환할까요?' })
  await expect(undo).toBeVisible()
  await undo.getByRole('button', { name: '비공개로 전환' }).click()
  await expect(page.getByTestId('publish-state')).toContainText('비공개')
  expect((await guest.page.goto(`/en/${address}`))?.status()).toBe(404)
  await guest.context.close()

  // The English editor says the same.
  await page.goto(`/en/${address}/admin`)
  await expect(publish).toBeEnabled()
  await expect(page.getByTestId('publish-state')).toContainText('Not published')
  await publish.click()
  await expect(page.getByRole('dialog', { name: 'Publish your homepage?' })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/publish-dialog-en-${width}.png` })
  await page.keyboard.press('Escape')
  await expect(publish).toBeFocused()
})
