import { readFile } from 'node:fs/promises'
import { ADMIN, submitSignIn } from './accounts'
import { importThroughMenu, openAdvanced } from './advanced-menu'
import { expectNoAxeViolations } from './axe'
import { expect, type Page, test } from './fixtures'

// The homepage builder in the browser: sign-in, the editor, photos, validation,
// export/delete/import, ownership and the admin console. Accounts come from scripts/seed.mjs.
const PASSWORD = 'demo-realtor-2026'
const SHOTS = 'test/e2e/screenshots'
/** The external sign-in the browser tests' worker trusts (E2E_VARS in playwright.config.ts). */
const HANDOFF_SIGN_IN = 'https://sign-in.example'
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

const notice = (page: Page) => page.getByTestId('editor-notice')

/** The editor at `path` once its island is interactive (Save is enabled only after hydration). */
async function editorReady(page: Page, path: RegExp) {
  await expect(page).toHaveURL(path)
  await expect(page.getByRole('button', { name: /^(저장|Save)$/ })).toBeEnabled()
}

test.describe('homepage builder', () => {
  test.beforeEach(({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'stateful flows run once; phone layout has its own test')
    page.on('pageerror', (error) => {
      throw error
    })
  })

  test('a realtor signs in, edits about-me, colour and SEO, saves and the homepage changes', async ({
    page,
    request,
  }) => {
    await submitSignIn(page, { email: 'grace-han@realtor.local', password: PASSWORD })
    await editorReady(page, /\/grace-han\/admin$/)
    const about = page.getByLabel('자기소개 (한국어)')
    await about.fill('안녕하세요, 어바인의 그레이스 한입니다. 새 소개글입니다.')
    await expect(page.frameLocator('[data-testid="preview-frame"]').locator('#about')).toContainText(
      '안녕하세요, 어바인의 그레이스 한입니다. 새 소개글입니다.',
    )
    await page.getByLabel('대표 색상', { exact: true }).fill('#0a7d5a')
    await page.locator('#field-seoMeta-ko-description').fill('그레이스 한의 새 홈페이지 설명')
    await expect(page.getByText('저장하지 않은 변경 사항이 있습니다.')).toBeVisible()
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: `${SHOTS}/editor-desktop.png` })
    await page.getByRole('button', { name: '저장', exact: true }).click()
    await expect(notice(page)).toHaveText('성공적으로 수정 되었습니다.')
    await expect(page.getByText('모든 변경 사항이 저장되었습니다.')).toBeVisible()

    const realtor = await (await request.get('/v1/realtor/grace-han')).json()
    expect(realtor).toMatchObject({
      aboutMeKr: '안녕하세요, 어바인의 그레이스 한입니다. 새 소개글입니다.',
      designMainColor: '#0a7d5a',
    })
    const home = await page.goto('/grace-han')
    expect(home?.status()).toBe(200)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', '그레이스 한의 새 홈페이지 설명')
  })

  test('a photo uploads with progress, shows in the editor and is served for the homepage', async ({
    page,
    request,
  }) => {
    await submitSignIn(page, { email: 'chrisyoon@realtor.local', password: PASSWORD })
    await editorReady(page, /\/chrisyoon\/admin$/)
    // The hero slot's photo is replaced (a photo is stored as a JPEG, docs/decisions/045-photo-slots.md).
    await page.getByTestId('photo-input-top').setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: PNG })
    const slot = page.getByTestId('photo-slot-top')
    await expect(slot.locator('img')).toHaveAttribute('src', /\/photos\/realtors\/7\/[\w-]+\.jpg$/)
    const uploaded = await slot.locator('img').getAttribute('src')
    await page.getByRole('button', { name: '저장', exact: true }).click()
    await expect(notice(page)).toHaveText('성공적으로 수정 되었습니다.')
    const realtor = await (await request.get('/v1/realtor/chrisyoon')).json()
    expect(realtor.photos.filter((photo: { path: string }) => photo.path === 'top')).toEqual([
      { path: 'top', imageType: 'fullsize', url: uploaded },
    ])
    const image = await request.get(uploaded!)
    expect(image.status()).toBe(200)
    expect(image.headers()['content-type']).toBe('image/jpeg')
    // Removing it and saving takes it off the profile.
    await slot.getByRole('button', { name: '대표 이미지 사진 삭제' }).click()
    await page.getByRole('button', { name: '저장', exact: true }).click()
    await expect(notice(page)).toHaveText('성공적으로 수정 되었습니다.')
    const after = await (await request.get('/v1/realtor/chrisyoon')).json()
    expect(after.photos.map((photo: { url: string }) => photo.url)).not.toContain(uploaded)
  })

  test('shows inline errors for a bad phone, address, email, URL and colour and keeps the form', async ({
    page,
    request,
  }) => {
    await submitSignIn(page, { email: 'hannah-jung@realtor.local', password: PASSWORD })
    await editorReady(page, /\/hannah-jung\/admin$/)
    const bad = {
      '연락처 전화번호': [
        '123-45',
        '(949) 555-0142 같은 미국 번호나 010-1234-5678 같은 한국 휴대폰 번호를 입력해 주세요.',
      ],
      '홈페이지 주소': ['hannah jung 2', '영문자, 밑줄(_), 하이픈(-)만 사용할 수 있습니다.'],
      이메일: ['hannah@example', '올바른 이메일 주소를 입력해 주세요.'],
      인스타그램: ['not a url', '올바른 URL을 입력해 주세요.'],
      '대표 색상': ['#12345', '색상은 # 뒤에 16진수 6자리여야 합니다.'],
    } as const
    for (const [label, [value, message]] of Object.entries(bad)) {
      const input = page.getByLabel(label, { exact: true })
      await input.fill(value)
      await input.blur()
      await expect(input).toHaveAttribute('aria-invalid', 'true')
      const describedBy = await input.getAttribute('aria-describedby')
      const errorId = describedBy!.split(' ').find((id) => id.endsWith('-error'))!
      await expect(page.locator(`#${errorId}`)).toHaveText(message)
    }
    await page.evaluate(() => document.getElementById('profile')?.scrollIntoView())
    await page.screenshot({ path: `${SHOTS}/editor-errors.png` })
    await page.getByRole('button', { name: '저장', exact: true }).click()
    // Says how many fields need attention, by their labels in page order, and focuses the first.
    await expect(notice(page)).toHaveText(
      '확인이 필요한 항목이 5개 있습니다: 홈페이지 주소, 연락처 전화번호, 이메일, 인스타그램, 대표 색상',
    )
    await expect(page.getByLabel('홈페이지 주소', { exact: true })).toBeFocused()
    await expect(page.getByLabel('이메일', { exact: true })).toHaveValue('hannah@example')
    const stored = await (await request.get('/v1/realtor/hannah-jung')).json()
    expect(stored.email).not.toBe('hannah@example')
    // A server-side refusal (an address another realtor has) shows the server's message and keeps the form.
    for (const label of Object.keys(bad)) await page.getByLabel(label, { exact: true }).fill('')
    await page.getByLabel('대표 색상', { exact: true }).fill('#224466')
    await page.getByLabel('홈페이지 주소', { exact: true }).fill('janekim')
    await page.getByRole('button', { name: '저장', exact: true }).click()
    // An address change is confirmed first (docs/decisions/047-site-lifecycle.md).
    await page.getByTestId('address-dialog').getByRole('button', { name: '주소 바꾸고 저장' }).click()
    await expect(notice(page)).toHaveText('입력값을 확인해 주세요.')
    await expect(page.locator('#field-desiredUrl-error')).toHaveText('이미 사용 중인 주소입니다.')
    await expect(page.getByLabel('홈페이지 주소', { exact: true })).toHaveValue('janekim')
  })

  test('warns before leaving with unsaved changes, and discards them on request', async ({ page }) => {
    await submitSignIn(page, { email: 'janekim@realtor.local', password: PASSWORD })
    await editorReady(page, /\/janekim\/admin$/)
    const about = page.getByLabel('자기소개 (영어)')
    const original = await about.inputValue()
    await about.fill('An edit I have not saved yet')
    const dialog = page.waitForEvent('dialog')
    await page.close({ runBeforeUnload: true })
    const warning = await dialog
    expect(warning.type()).toBe('beforeunload')
    await warning.dismiss()
    expect(page.isClosed()).toBe(false)
    await page.getByRole('button', { name: '되돌리기' }).click()
    await expect(about).toHaveValue(original)
    await expect(page.getByText('모든 변경 사항이 저장되었습니다.')).toBeVisible()
  })

  test('a realtor cannot open another realtor’s editor', async ({ page }) => {
    await submitSignIn(page, { email: 'ethan-kang@realtor.local', password: PASSWORD })
    await editorReady(page, /\/ethan-kang\/admin$/)
    const response = await page.goto('/janekim/admin')
    expect(response?.status()).toBe(403)
    await expect(page.getByText('다른 리얼터의 홈페이지는 편집할 수 없습니다.')).toBeVisible()
    // /admin sends a realtor to their own editor; signing out ends the session.
    await page.goto('/admin')
    await editorReady(page, /\/ethan-kang\/admin$/)
    await page.getByRole('button', { name: '로그아웃' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await page.goto('/ethan-kang/admin')
    await expect(page).toHaveURL(/\/ethan-kang\/login\?next=/)
  })

  test('wrong credentials show the translated error; a signed-out /admin goes to sign-in', async ({ page }) => {
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin$/)
    await submitSignIn(page, { email: 'grace-han@realtor.local', password: 'wrong-password' }, page.url())
    await expect(page.getByRole('alert')).toHaveText('이메일 또는 비밀번호가 올바르지 않습니다.')
    await page.screenshot({ path: `${SHOTS}/login-error.png` })
    await page.getByLabel('비밀번호').fill(PASSWORD)
    await page.getByRole('button', { name: '로그인' }).click()
    // `next` wins: /admin, which sends the realtor on to their editor.
    await editorReady(page, /\/grace-han\/admin$/)
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null')?.email)).toBe(
      'grace-han@realtor.local',
    )
    expect(await page.evaluate(() => Object.keys(localStorage).some((key) => /token/i.test(key)))).toBe(false)
  })

  test('/login/redirect completes a hand-off this browser started, says whose account, and goes to next', async ({
    page,
    request,
  }) => {
    const signIn = async (email: string) =>
      (await (await request.post('/v1/auth/login', { data: { email, password: PASSWORD } })).json()).token as string
    const token = await signIn('yuna-shin@realtor.local')
    const mint = async (challenge: string | null) =>
      (
        await (
          await request.post('/v1/auth/handoff', { headers: { authorization: `Bearer ${token}` }, data: { challenge } })
        ).json()
      ).code as string
    // This browser starts the hand-off (its context's request shares the page's cookies; Playwright does not
    // route a redirect's next request, so the external sign-in is played here): it gets the verifier cookie
    // and is sent to the external sign-in, an origin of API_ALLOWED_ORIGINS (playwright.config.ts), with the
    // challenge. The sign-in mints a code for it with the account's token and sends the browser back.
    const start = await page.request.get(
      `/v1/auth/handoff/start?return_to=${encodeURIComponent(`${HANDOFF_SIGN_IN}/continue`)}`,
      { maxRedirects: 0 },
    )
    expect(start.status()).toBe(302)
    const sentTo = new URL(start.headers().location!)
    expect(sentTo.origin).toBe(HANDOFF_SIGN_IN)
    const verifier = (await page.context().cookies()).find((cookie) => cookie.name === 'handoff')
    expect(verifier).toMatchObject({ httpOnly: true, path: '/v1/auth/handoff', sameSite: 'Lax' })
    const code = await mint(sentTo.searchParams.get('handoff_challenge'))
    await page.goto(`/login/redirect?next=%2Fyuna-shin%2Fadmin#code=${code}`)
    await expect(page.getByRole('status')).toHaveText('Yuna Shin(yuna-shin@realtor.local) 계정으로 로그인했습니다.')
    await expect(page.getByRole('link', { name: '계속하기' })).toHaveAttribute('href', '/yuna-shin/admin')
    await page.screenshot({ path: `${SHOTS}/login-redirect-signed-in.png` })
    expect(page.url()).not.toContain('code=')
    await editorReady(page, /\/yuna-shin\/admin$/)
    await expect(page.getByLabel('홈페이지 주소', { exact: true })).toHaveValue('yuna-shin')
    const signedInAs = async () => (await (await page.request.get('/v1/auth/me')).json()).user?.email
    // A code works once.
    await page.goto(`/login/redirect#code=${code}`)
    await expect(page.getByRole('alert')).toContainText('로그인을 완료하지 못했습니다.')
    expect(page.url()).not.toContain('code=')
    await page.goto('/login/redirect?token=forged.token')
    await expect(page.getByRole('alert')).toContainText('로그인을 완료하지 못했습니다.')
    expect(page.url()).not.toContain('token=')
    // Someone else's valid token in a link never signs this browser into their account.
    const other = await signIn('danielpark@realtor.local')
    for (const link of [`/login/redirect?token=${other}`, `/login/redirect#access_token=${other}`]) {
      await page.goto('about:blank') // a link opened afresh, not a fragment change of the page before
      await page.goto(link)
      await expect(page.getByRole('alert')).toContainText('유효하지 않은 로그인 링크입니다.')
      expect(page.url()).not.toContain(other)
      expect(await signedInAs()).toBe('yuna-shin@realtor.local')
    }
  })

  test('a hand-off code minted for another browser signs nobody in, in Korean and English (login CSRF)', async ({
    browser,
    request,
    baseURL,
  }) => {
    const attacker = await (await request.post('/v1/auth/login', { data: ADMIN })).json()
    // A code the attacker minted for their own account and their own browser's challenge.
    const challengeOfAttacker = 'A'.repeat(43)
    const mint = async () =>
      (
        await (
          await request.post('/v1/auth/handoff', {
            headers: { authorization: `Bearer ${attacker.token}` },
            data: { challenge: challengeOfAttacker },
          })
        ).json()
      ).code as string
    for (const [prefix, text] of [
      ['', '이 로그인 링크는 이 브라우저에서 시작된 것이 아니어서 여기서는 로그인할 수 없습니다.'],
      ['/en', 'This sign-in link was not started in this browser, so it cannot sign you in here.'],
    ] as const) {
      const victim = await browser.newContext({ baseURL, locale: 'ko-KR' })
      const page = await victim.newPage()
      await page.goto(`${prefix}/login/redirect#code=${await mint()}`)
      await expect(page.getByRole('alert')).toContainText(text)
      expect(page.url()).not.toContain('code=')
      expect((await page.request.get('/v1/auth/me')).status()).toBe(401)
      expect((await victim.cookies()).map((cookie) => cookie.name)).not.toContain('session')
      await victim.close()
    }
  })

  test('an admin exports a realtor, deletes it, restores it and imports the export: the same homepage', async ({
    page,
    request,
  }) => {
    await submitSignIn(page, ADMIN)
    await expect(page).toHaveURL(/\/admin$/)
    await page.goto('/danielpark/admin')
    await editorReady(page, /\/danielpark\/admin$/)
    const before = await (await request.get('/v1/realtor/danielpark')).json()
    const homeBefore = await (await request.get('/en/danielpark')).text()
    const downloading = page.waitForEvent('download')
    await (await openAdvanced(page)).getByRole('link', { name: '내보내기(JSON)' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('realtor-3-Daniel Park.json')
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8'))
    expect(exported.desiredUrl).toBe('danielpark')

    // Deleting asks for the address in the builder's own dialog (docs/decisions/047-site-lifecycle.md).
    await (await openAdvanced(page)).getByRole('button', { name: '홈페이지 삭제' }).click()
    const dialog = page.getByTestId('delete-dialog')
    await dialog.getByLabel(/홈페이지 주소를 입력/).fill('danielpark')
    await dialog.getByRole('button', { name: '홈페이지 삭제' }).click()
    await expect(page.getByTestId('homepage-deleted')).toBeVisible()
    expect((await request.get('/v1/realtor/danielpark')).status()).toBe(404)

    // Restored by the admin (it comes back unpublished), then the exported file imported into it.
    expect((await page.request.post(`/v1/realtor/${before.id}/restore`)).status()).toBe(200)
    await page.goto('/danielpark/admin')
    await editorReady(page, /\/danielpark\/admin$/)
    await importThroughMenu(page, {
      name: 'realtor.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(exported)),
    })
    // Import asks first: it replaces the homepage, the published page included.
    await page.getByRole('dialog').getByRole('button', { name: '홈페이지 바꾸기' }).click()
    await expect(notice(page)).toHaveText(`ID ${before.id} 리얼터 정보가 업데이트 되었습니다.`)
    const after = await (await request.get('/v1/realtor/danielpark')).json()
    expect(after).toEqual(before)
    const homeAfter = await (await request.get('/en/danielpark')).text()
    const body = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0]
    expect(body(homeAfter)).toBe(body(homeBefore))
  })

  test('an admin creates a new realtor who then signs in and has a homepage at the chosen address', async ({
    page,
    browser,
  }) => {
    await submitSignIn(page, ADMIN)
    await expect(page).toHaveURL(/\/admin$/)
    // An invitation is the default (test/e2e/invitation.spec.ts); typing a password is the fallback.
    await expect(page.getByRole('button', { name: '초대 보내기' })).toBeEnabled()
    await page.getByLabel('초기 비밀번호 직접 정하기').check()
    await expect(page.getByRole('button', { name: '만들기' })).toBeEnabled()
    await page.getByRole('searchbox').fill('jane')
    await expect(page.locator('.realtor-row')).toHaveCount(1)
    await page.getByRole('searchbox').fill('')
    // Inline errors before anything is sent.
    await page.getByLabel('홈페이지 주소', { exact: true }).fill('new realtor!')
    await page.getByRole('button', { name: '만들기' }).click()
    await expect(page.locator('#new-desiredUrl-error')).toHaveText('영문자, 밑줄(_), 하이픈(-)만 사용할 수 있습니다.')
    await expect(page.locator('#new-password-error')).toHaveText('8자 이상 입력해 주세요.')
    await page.getByLabel('이름', { exact: true }).fill('Mina Seo')
    await page.getByLabel('이메일', { exact: true }).fill('mina-seo@realtor.local')
    await page.getByLabel('초기 비밀번호 (8자 이상)').fill('mina-seo-2026')
    await page.getByLabel('홈페이지 주소', { exact: true }).fill('mina-seo')
    await page.getByRole('button', { name: '만들기' }).click()
    await expect(page.getByRole('status')).toHaveText('성공적으로 등록 되었습니다.')
    await expect(page.locator('.realtor-row[data-desired-url="mina-seo"]')).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/admin-desktop.png`, fullPage: true })

    const fresh = await browser.newContext({ locale: 'ko-KR' })
    const realtorPage = await fresh.newPage()
    await submitSignIn(realtorPage, { email: 'mina-seo@realtor.local', password: 'mina-seo-2026' })
    // The password the admin typed is replaced first, in place (decision 106), then the agreement.
    await expect(realtorPage.getByRole('heading', { name: '나만의 비밀번호 정하기' })).toBeFocused()
    await realtorPage.getByLabel('새 비밀번호 (8자 이상)').fill('mina-own-password')
    await realtorPage.getByRole('button', { name: '저장하고 계속하기' }).click()
    await expect(realtorPage).toHaveURL(/\/agreement\?next=/)
    await realtorPage.getByRole('button', { name: '동의하고 계속하기' }).click()
    await expect(realtorPage.getByRole('alert')).toHaveText('동의란에 체크해 주세요.')
    await realtorPage.getByLabel('위 내용과 서비스 이용약관에 동의합니다.').check()
    await realtorPage.getByRole('button', { name: '동의하고 계속하기' }).click()
    await editorReady(realtorPage, /\/mina-seo\/admin$/)
    await realtorPage.getByLabel('자기소개 (영어)').fill('Hi, I am Mina.')
    await realtorPage.getByRole('button', { name: '저장', exact: true }).click()
    await expect(notice(realtorPage)).toHaveText('성공적으로 수정 되었습니다.')
    const home = await realtorPage.goto('/en/mina-seo')
    expect(home?.status()).toBe(200)
    await expect(realtorPage.locator('h1')).toContainText('Mina Seo')
    await fresh.close()
  })

  test('the editor speaks English under /en', async ({ page }) => {
    await page.goto('/en/login')
    await page.getByLabel('Email').fill('sophia-lee@realtor.local')
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await editorReady(page, /\/en\/sophia-lee\/admin$/)
    const phone = page.getByLabel('Contact phone', { exact: true })
    await phone.fill('12')
    await phone.blur()
    await expect(page.locator('#field-contactPhone-error')).toHaveText(
      'Enter a US number such as (949) 555-0142 or a Korean mobile number such as 010-1234-5678.',
    )
    await phone.fill('949-555-0199')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(notice(page)).toHaveText('Successfully updated.')
  })
})

test('the sign-in page, the editor and the admin console have no axe violations', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'once is enough')
  const scan = async () => {
    // The whole page, the preview frame's homepage included: its landmarks must stay unique across
    // the page and the frame (the builder's own are named, the editor's sections are groups).
    await expectNoAxeViolations(page)
  }
  await page.goto('/login')
  await scan()
  await submitSignIn(page, { email: 'equityrealty@realtor.local', password: PASSWORD })
  await editorReady(page, /\/equityrealty\/admin$/)
  await scan()
  await page.getByRole('button', { name: '로그아웃' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await submitSignIn(page, ADMIN)
  await expect(page.getByRole('button', { name: '초대 보내기' })).toBeEnabled()
  await scan()
})

test('phone layout of the sign-in page and the editor', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'phone screenshots')
  await page.goto('/login')
  await expect(page.getByRole('button', { name: '로그인' })).toBeEnabled()
  await page.screenshot({ path: `${SHOTS}/login-phone.png` })
  await submitSignIn(page, { email: 'minjun_choi@realtor.local', password: PASSWORD })
  await editorReady(page, /\/minjun_choi\/admin$/)
  // Nothing is wider than the screen (the page frame may clip overflow, so measure the editor itself).
  const widest = await page.evaluate(() =>
    Math.max(
      ...[...document.querySelectorAll('.editor .card, .savebar, .builder-toolbar')].map(
        (el) => el.getBoundingClientRect().right,
      ),
    ),
  )
  expect(widest).toBeLessThanOrEqual(390)
  await page.screenshot({ path: `${SHOTS}/editor-phone.png` })
  await page.getByRole('button', { name: '미리보기', exact: true }).click()
  await expect(page.frameLocator('[data-testid="preview-frame"]').locator('.home-hero')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/editor-phone-preview.png` })
  await page.getByRole('button', { name: '편집으로 돌아가기' }).click()
  await page.getByRole('button', { name: '로그아웃' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await submitSignIn(page, ADMIN)
  await expect(page.getByRole('button', { name: '초대 보내기' })).toBeEnabled()
  await page.screenshot({ path: `${SHOTS}/admin-phone.png` })
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
})

// Issue 31's done-when, "a pasted https://youtu.be/… link plays" (docs/decisions/104-pasted-links.md): the editor
// takes YouTube's share link and a KakaoTalk ID as pasted, shows what was stored, and the homepage plays the
// video and shows the ID as text. The Korean editor at 1280 px, the English one at 390 px, each its own realtor.
test('a pasted youtu.be link is saved as the watch link and plays on the homepage; a KakaoTalk ID shows as text', async ({
  page,
}, testInfo) => {
  const desktop = testInfo.project.name === 'desktop'
  const [slug, prefix, id] = desktop ? ['chrisyoon', '', 'M7lc1UVf-VE'] : ['ethan-kang', '/en', 'aqz-KE-bpKQ']
  const text = desktop
    ? {
        video: '추천 영상',
        kakao: '카카오톡',
        save: '저장',
        saved: '성공적으로 수정 되었습니다.',
        play: '영상 재생',
        kakaoId: '카카오톡 ID',
      }
    : {
        video: 'Featured video',
        kakao: 'KakaoTalk',
        save: 'Save',
        saved: 'Successfully updated.',
        play: 'Play video',
        kakaoId: 'KakaoTalk ID',
      }
  page.on('pageerror', (error) => {
    throw error
  })
  await submitSignIn(page, { email: `${slug}@realtor.local`, password: PASSWORD })
  await editorReady(page, new RegExp(`/${slug}/admin$`))
  if (prefix) {
    await page.goto(`${prefix}/${slug}/admin`)
    await editorReady(page, new RegExp(`${prefix}/${slug}/admin$`))
  }
  const video = page.getByLabel(text.video, { exact: true })
  await video.fill(`https://youtu.be/${id}?si=Q2xpcGJvYXJk`)
  const kakao = page.getByLabel(text.kakao, { exact: true })
  await kakao.fill(`@${slug.replace('-', '.').toUpperCase()}`)
  await page.getByRole('button', { name: text.save, exact: true }).click()
  await expect(notice(page)).toHaveText(text.saved)
  // The fields show what was stored: the canonical watch link, the ID as Kakao writes it.
  await expect(video).toHaveValue(`https://www.youtube.com/watch?v=${id}`)
  await expect(kakao).toHaveValue(slug.replace('-', '.'))

  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  )
  await page.goto(`${prefix}/${slug}`)
  await expect(page.locator('.home-contact__list')).toContainText(`${text.kakaoId} ${slug.replace('-', '.')}`)
  const poster = page.getByRole('link', { name: text.play })
  await poster.scrollIntoViewIfNeeded()
  await poster.click()
  await expect(page.locator('iframe.home-video__frame')).toHaveAttribute(
    'src',
    `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`,
  )
  await expectNoAxeViolations(page, '#contact')
  await page.screenshot({ path: `${SHOTS}/pasted-links-${testInfo.project.name}.png` })
})
