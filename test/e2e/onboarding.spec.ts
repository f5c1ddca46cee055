import { ADMIN, chooseOwnPassword, signInTo, typedByAdmin } from './accounts'
import { importThroughMenu } from './advanced-menu'
import { expectNoAxeViolations } from './axe'
import { expect, type Page, test } from './fixtures'

// Onboarding (issue 17): a new realtor's first minutes in the editor. An admin creates the account through
// the API; the realtor accepts the agreement and follows the checklist, starts from example texts, saves
// and sees the progress rise; a save with bad fields and a bad import say which fields, by their labels.
const SHOTS = 'test/e2e/screenshots'

const notice = (page: Page) => page.getByTestId('editor-notice')
const progress = (page: Page) => page.getByTestId('onboarding-progress')

const letters = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')

test('a new realtor follows the checklist from the agreement to a homepage with content', async ({
  page,
  request,
}, testInfo) => {
  page.on('pageerror', (error) => {
    throw error
  })
  const phone = testInfo.project.name === 'phone'
  const desiredUrl = `onboarding-${testInfo.project.name}-${letters()}`
  const account = { name: 'Jiwoo Han', email: `${desiredUrl}@realtor.local`, password: 'onboarding-2026', desiredUrl }
  const { token } = await (await request.post('/v1/auth/login', { data: ADMIN })).json()
  const created = await request.post('/v1/accounts', {
    data: { ...account, password: typedByAdmin(account.password) },
    headers: { authorization: `Bearer ${token}` },
  })
  expect(created.status()).toBe(201)
  await chooseOwnPassword(request, account.email, account.password)
  const { realtor } = await created.json()
  // The account email is the first contact email.
  expect(realtor.email).toBe(account.email)

  expect(await signInTo(page, account, `/${desiredUrl}/admin`)).toBe(true)
  const save = page.getByRole('button', { name: '저장', exact: true })
  await expect(save).toBeEnabled()

  const checklist = page.getByTestId('onboarding')
  await expect(checklist.getByRole('heading', { name: '홈페이지 완성하기' })).toBeVisible()
  await expect(progress(page)).toHaveText('9단계 중 0단계 완료')
  await expect(checklist.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0')
  await page.screenshot({ path: `${SHOTS}/onboarding-${testInfo.project.name}-ko.png` })
  if (!phone) await expectNoAxeViolations(page, '#main')

  // A step takes the realtor to its field.
  await checklist.getByRole('link', { name: /한국어·영어 자기소개 쓰기/ }).click()
  const aboutKo = page.getByLabel('자기소개 (한국어)')
  await expect(aboutKo).toBeFocused()
  // Example texts fill an empty field only, and never overwrite typed text.
  await page.locator('#about').getByRole('button', { name: '예시 문구 넣기' }).first().click()
  await expect(aboutKo).toHaveValue(/^안녕하세요, 리얼터 Jiwoo Han입니다\./)
  await expect(page.locator('#about').getByRole('button', { name: '예시 문구 넣기' })).toHaveCount(1)
  await page.getByLabel('자기소개 (영어)').fill('Hi, I am Jiwoo.')
  await expect(page.locator('#about').getByRole('button', { name: '예시 문구 넣기' })).toHaveCount(0)
  await expect(page.getByLabel('자기소개 (영어)')).toHaveValue('Hi, I am Jiwoo.')

  // An additional section can start from an example too (title and content).
  await page.locator('#additional').getByRole('button', { name: /추가/ }).click()
  // Each language has its own (issue 33): the Korean page's first, then the English page's.
  await page.locator('#additional').getByRole('button', { name: '예시 문구 넣기' }).first().click()
  await expect(page.locator('#field-additionalSections-0-title')).toHaveValue('이렇게 도와 드립니다')
  await expect(page.locator('#field-additionalSections-0-content')).toHaveValue(/^1\. 첫 상담/)
  await page.locator('#additional').getByRole('button', { name: '예시 문구 넣기' }).click()
  await expect(page.locator('#field-additionalSections-0-titleEn')).toHaveValue('How I work with you')
  await expect(page.locator('#field-additionalSections-0-contentEn')).toHaveValue(/^1\. First meeting/)

  await checklist.getByRole('link', { name: /활동 지역 추가하기/ }).click()
  await expect(page.locator('#regions').getByRole('button', { name: /추가/ })).toBeFocused()
  await page.keyboard.press('Enter')
  await page.locator('#field-activityRegion-0-state').selectOption('GA')
  await page.locator('#field-activityRegion-0-city').fill('Duluth')
  await checklist.getByRole('link', { name: /전화번호와 이메일 입력하기/ }).click()
  await expect(page.getByLabel('연락처 전화번호', { exact: true })).toBeFocused()
  await page.getByLabel('연락처 전화번호', { exact: true }).fill('678-555-0142')
  // What publishing needs (decision 101): the license, under Georgia's label now that the region is there, and
  // the brokerage's name, each step taking the realtor to its field.
  await checklist.getByRole('link', { name: /면허 번호 입력하기/ }).click()
  await expect(page.getByLabel('면허 번호', { exact: true })).toBeFocused()
  await page.getByLabel('면허 번호', { exact: true }).fill('401234')
  await checklist.getByRole('link', { name: /소속 중개회사 이름 입력하기/ }).click()
  await expect(page.getByLabel('소속 중개회사 이름')).toBeFocused()
  await page.getByLabel('소속 중개회사 이름').fill('Duluth Hearth Realty')

  // The list follows what is saved, not what is typed.
  await expect(progress(page)).toHaveText('9단계 중 0단계 완료')
  await save.click()
  await expect(notice(page)).toHaveText('성공적으로 수정 되었습니다.')
  await expect(progress(page)).toHaveText('9단계 중 5단계 완료')
  await expect(checklist.locator('[data-step="brokerage"]')).toHaveAttribute('data-done', '')
  await expect(checklist.locator('[data-step="about"]')).toHaveAttribute('data-done', '')
  await expect(checklist.locator('[data-step="photo"]')).not.toHaveAttribute('data-done', '')

  // Fields with no visible effect sit in a collapsed Advanced group, each with a hint.
  const advanced = page.locator('details.subgroup--collapsible')
  await expect(advanced).not.toHaveAttribute('open', '')
  await expect(page.getByLabel('PP 프로필 ID')).toBeHidden()
  await advanced.locator('summary').click()
  await expect(page.getByLabel('PP 프로필 ID')).toBeVisible()
  await expect(page.locator('#field-ppProfileId-hint')).toContainText('방문자에게는 보이지 않고')
  if (!phone) await expectNoAxeViolations(page, '#main')
  await advanced.locator('summary').click()

  // A save with two bad fields: says 2 and which, and focuses the first on the page.
  await page.getByLabel('이메일', { exact: true }).fill('jiwoo@example')
  await page.getByLabel('연락처 전화번호', { exact: true }).fill('12')
  await save.click()
  await expect(notice(page)).toHaveText('확인이 필요한 항목이 2개 있습니다: 연락처 전화번호, 이메일')
  await expect(page.getByLabel('연락처 전화번호', { exact: true })).toBeFocused()
  await page.getByRole('button', { name: '되돌리기' }).click()

  // Import asks first; cancelling changes nothing.
  const bad = {
    desiredUrl,
    contactPhone: '12',
    activityRegion: [{ state: 'GA', city: 7, neighborhood: '', zipcode: '' }],
  }
  const file = { name: 'homepage.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) }
  const dialog = page.getByRole('dialog', { name: '이 파일로 홈페이지를 바꿀까요?' })
  await importThroughMenu(page, file)
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('이미 공개된 내용도 모두 바뀝니다')
  await expect(dialog).toContainText('저장하지 않은 변경 사항은 사라집니다')
  if (!phone) {
    await page.screenshot({ path: `${SHOTS}/onboarding-import-dialog.png` })
    await expectNoAxeViolations(page, '#main')
  }
  await dialog.getByRole('button', { name: '취소' }).click()
  await expect(dialog).toBeHidden()
  await expect(notice(page)).not.toContainText('ID ')
  await expect(page.getByLabel('연락처 전화번호', { exact: true })).toHaveValue('678-555-0142')
  await importThroughMenu(page, file)
  await dialog.getByRole('button', { name: '홈페이지 바꾸기' }).click()
  await expect(notice(page)).toContainText('연락처 전화번호: ')
  await expect(notice(page)).toContainText('활동 지역 1 · 도시: ')
  await expect(notice(page)).not.toContainText('contactPhone')
  const stored = await (await request.get(`/v1/realtor/${desiredUrl}`)).json()
  expect(stored.contactPhone).toBe('678-555-0142')

  // The same list in English.
  await page.goto(`/en/${desiredUrl}/admin`)
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled()
  await expect(progress(page)).toHaveText('5 of 9 done')
  await expect(page.getByTestId('onboarding').getByRole('link', { name: /Publish your homepage/ })).toHaveAttribute(
    'href',
    '#editor-publish',
  )
  // "Notifications reach you" (decision 063) leads to the Notifications screen and ticks once one arrived.
  const notify = page.getByTestId('onboarding').locator('[data-step="notify"]')
  await expect(notify.getByRole('link')).toHaveAttribute('href', `/en/${desiredUrl}/admin/notifications`)
  await expect(notify).not.toHaveAttribute('data-done', '')
  await notify.getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`/en/${desiredUrl}/admin/notifications$`))
  await page.getByRole('button', { name: 'Send test notification' }).click()
  await expect(page.locator('#notify-notice')).toContainText('Email: test notification sent.')
  await page.goto(`/en/${desiredUrl}/admin`)
  await expect(progress(page)).toHaveText('6 of 9 done')
  await expect(notify).toHaveAttribute('data-done', '')
  await page.screenshot({ path: `${SHOTS}/onboarding-${testInfo.project.name}-en.png` })
  if (phone) {
    const widest = await page.evaluate(() => document.querySelector('.onboarding')?.getBoundingClientRect().right ?? 0)
    expect(widest).toBeLessThanOrEqual(390)
  }
})
