import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { JANE, signInTo } from './accounts'
import { expectNoAxeViolations } from './axe'
import { ownAddress, sendContactForm } from './contact-form'
import { expect, test } from './fixtures'
import { localEmails } from './local-email'

// Notifications of issue 18 in the browser, at 1280 and 390 px: Jane sets an email and a loopback webhook on
// /janekim/admin/notifications and sends a test notification; a visitor's contact form then reaches her
// once by email (wrangler's local send_email writes it to a file under the OS temp dir, README.md
// "Notifications") and once by webhook.
const SHOTS = 'test/e2e/screenshots'

interface Hook {
  server: Server
  url: string
  bodies: { text: string }[]
}

/** A Slack-compatible webhook on 127.0.0.1 that records what it is posted. */
async function loopbackHook(): Promise<Hook> {
  const bodies: { text: string }[] = []
  const server = createServer((request, response) => {
    let data = ''
    request.on('data', (chunk) => {
      data += chunk
    })
    request.on('end', () => {
      bodies.push(JSON.parse(data))
      response.end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, bodies }
}

let hook: Hook

test.beforeAll(async () => {
  hook = await loopbackHook()
})

test.afterAll(async () => {
  await new Promise((resolve) => hook.server.close(resolve))
})

test('a realtor sets an email and a webhook, tests them, and a visitor’s message reaches both once', async ({
  page,
  browser,
}, testInfo) => {
  page.on('pageerror', (error) => {
    throw error
  })
  const started = Date.now() - 1000
  const project = testInfo.project.name
  const inbox = `jane-${project}-${started}@example.com`

  // The builder's navigation leads to the page.
  await signInTo(page, JANE, '/janekim/admin')
  const link = page.getByTestId('builder-nav').getByRole('link', { name: '알림' })
  await expect(link).toHaveAttribute('href', '/janekim/admin/notifications')
  await link.click()
  await expect(page).toHaveURL(/\/janekim\/admin\/notifications$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('알림 설정')

  // The screen says what is on now (a first run: the default, the homepage's contact email; the
  // speed-to-lead spec checks the default on a new realtor).
  const status = page.getByTestId('notify-status')
  await expect(status).toContainText('이메일 켜짐: 새 문의를')
  const save = page.getByRole('button', { name: '저장', exact: true })
  await expect(save).toBeEnabled()
  // A bad webhook is refused inline before anything is sent.
  await page.getByLabel('웹훅 URL (슬랙 호환)').fill('hooks.slack.com/x')
  await save.click()
  await expect(page.locator('#notify-webhook-error')).toHaveText('올바른 URL을 입력해 주세요.')

  // A new address is held until its owner confirms it; mail keeps going to the one in force.
  await page.getByLabel('이메일 주소').fill(inbox)
  await page.getByLabel('웹훅 URL (슬랙 호환)').fill(hook.url)
  await save.click()
  const notice = page.locator('#notify-notice')
  await expect(notice).toContainText('저장했습니다.')
  await expect(notice).toContainText(`${inbox}(으)로 확인 링크를 보냈습니다.`)
  await expect(page.getByTestId('notify-pending')).toContainText(`확인 대기 중: ${inbox}`)
  // The test sends nothing to an address nobody confirmed, and says so.
  let before = hook.bodies.length
  await page.getByRole('button', { name: '테스트 알림 보내기' }).click()
  await expect(notice).toContainText(`이메일: ${inbox} 주소는 아직 확인되지 않아 보내지 않았습니다.`)
  await expect(notice).toContainText('웹훅: 테스트 알림을 보냈습니다.')
  expect(hook.bodies.slice(before)).toHaveLength(1)

  // The owner of the address opens the link (in any browser) and confirms.
  const confirmation = () => localEmails(started).find((text) => text.includes(`To: ${inbox}`))
  await expect.poll(() => Boolean(confirmation())).toBe(true)
  const linkTo = /https?:\/\/[^\s"<>]+\/janekim\/admin\/notifications\/confirm\?token=[\w-]+/.exec(confirmation()!)
  const owner = await browser.newContext({ locale: 'ko-KR' })
  const ownerPage = await owner.newPage()
  await ownerPage.goto(new URL(linkTo![0]).pathname + new URL(linkTo![0]).search)
  await ownerPage.getByRole('button', { name: '주소 확인' }).click()
  await expect(ownerPage.getByRole('status')).toContainText(`이제 김제인 홈페이지의 새 문의가 ${inbox}(으)로 갑니다.`)
  await owner.close()
  await page.reload()
  await expect(status).toContainText(`켜짐: 새 문의를 ${inbox}(으)로 보냅니다.`)
  await expect(page.getByTestId('notify-pending')).toHaveCount(0)

  before = hook.bodies.length
  await page.getByRole('button', { name: '테스트 알림 보내기' }).click()
  await expect(notice).toContainText('이메일: 테스트 알림을 보냈습니다.')
  await expect(notice).toContainText('웹훅: 테스트 알림을 보냈습니다.')
  await expect(notice).toContainText('저장된 설정입니다.')
  expect(hook.bodies.slice(before).map((body) => body.text.includes('테스트 알림'))).toEqual([true])
  await expect
    .poll(
      () => localEmails(started).filter((text) => text.includes(`To: ${inbox}`) && text.includes('테스트 알림')).length,
    )
    .toBe(1)
  await expectNoAxeViolations(page, '.builder')
  await page.screenshot({ path: `${SHOTS}/notify-ko-${project}.png`, fullPage: true })
  await page.goto('/en/janekim/admin/notifications')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications')
  await expect(page.getByLabel('Email address')).toHaveValue(inbox)
  await expectNoAxeViolations(page, '.builder')
  await page.screenshot({ path: `${SHOTS}/notify-en-${project}.png`, fullPage: true })

  // A visitor writes to Jane from her homepage.
  const visitorName = `알림${project}${started % 100000}`
  const visitor = await browser.newContext({ locale: 'ko-KR', ...ownAddress() })
  const visitorPage = await visitor.newPage()
  await visitorPage.goto('/janekim')
  const response = await sendContactForm(visitorPage, 'ko', {
    lastName: '김',
    firstName: visitorName,
    email: 'minsu@example.com',
    phone: '010-1234-5678',
    message: '알림 테스트 문의입니다.',
  })
  expect(response.status()).toBe(201)
  const { id } = (await response.json()) as { id: number }
  await visitor.close()

  const entry = `/janekim/admin/inbox/${id}`
  const fromVisitor = () => hook.bodies.filter((body) => body.text.includes(`김 ${visitorName}`))
  await expect.poll(() => fromVisitor().length).toBe(1)
  expect(fromVisitor()[0]!.text).toContain(entry)
  expect(fromVisitor()[0]!.text).toContain('문의 내용:\n&gt; 알림 테스트 문의입니다.')
  // A chat cannot answer by email: the webhook's text has no "reply to this email" line.
  expect(fromVisitor()[0]!.text).not.toContain('답장하면')
  const emails = () => localEmails(started).filter((text) => text.includes(`김 ${visitorName}`))
  await expect.poll(() => emails().length).toBe(1)
  expect(emails()[0]).toContain(`To: ${inbox}`)
  expect(emails()[0]).toContain(entry)
  // Nothing more arrives later (the cron finds nothing left to send).
  await page.waitForTimeout(500)
  expect(fromVisitor()).toHaveLength(1)
  expect(emails()).toHaveLength(1)
})
