import { readFileSync } from 'node:fs'
import { JANE } from './accounts'
import { expectNoAxeViolations } from './axe'
import { expect, test } from './fixtures'

// The Inbox in the browser, at 1280 and 390 px (docs/decisions/049-inbox.md): a visitor sends the contact
// form on /en/janekim; Jane's inbox shows it with the unread count 1 in the navigation; opening it without
// script leaves it unread, with script the page marks it read by a POST once shown (decision 080); she adds
// a note, archives and brings it back, and exports a CSV with the BOM and the Korean name intact. Each run
// first marks Jane's earlier contacts read, so the count is this run's own.
const SHOTS = 'test/e2e/screenshots'

test('a visitor’s message reaches Jane’s inbox, and she works it through', async ({ page, browser }, info) => {
  const project = info.project.name
  const signIn = await page.request.post('/v1/auth/login', { data: JANE })
  expect(signIn.status()).toBe(200)
  const earlier = await page.request.get('/v1/realtor-contacts?realtorId=2&status=unread&limit=100')
  expect(earlier.status()).toBe(200)
  for (const item of ((await earlier.json()) as { items: { id: number }[] }).items) {
    const read = await page.request.patch(`/v1/realtor-contacts/${item.id}`, { data: { status: 'read' } })
    expect(read.status()).toBe(200)
  }

  // A visitor, in a browser of their own, writes to Jane from her English homepage.
  const visitor = await browser.newContext({ locale: 'en-US' })
  const home = await visitor.newPage()
  await home.goto('/en/janekim')
  const form = home.locator('form.contact-form--contact')
  await form.scrollIntoViewIfNeeded()
  await home.locator('form.contact-form--contact[data-hydrated]').waitFor()
  const stamp = `${project}-${Date.now()}`
  await form.getByLabel('Last name', { exact: true }).fill('김')
  await form.getByLabel('First name', { exact: true }).fill('민지')
  await form.getByLabel('Email').fill(`minji-${stamp}@example.com`)
  await form.getByLabel('Phone').fill('678-555-0123')
  await form.getByLabel('Message').fill(`Looking for a townhome in Suwanee (${stamp})`)
  await form.getByRole('checkbox').check()
  const posted = home.waitForResponse((r) => r.url().endsWith('/v1/realtor-contacts'))
  await form.getByRole('button', { name: 'Send message' }).click()
  expect((await posted).status()).toBe(201)
  await visitor.close()

  // Jane's inbox: the message on top, unread, counted in the navigation.
  await page.goto('/en/janekim/admin/inbox')
  const nav = page.getByTestId('builder-nav')
  await expect(nav.getByTestId('unread-count')).toContainText('1')
  await expect(nav.getByRole('link', { name: /Inbox/ })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('inbox-unread')).toHaveText('1 unread')
  const first = page.getByTestId('inbox-list').getByRole('listitem').first()
  await expect(first).toContainText('김 민지')
  await expect(first).toContainText(stamp)
  // Tap to call and tap to mail (docs/decisions/064): the phone as its country writes it, dialled as E.164.
  await expect(first.getByRole('link', { name: '(678) 555-0123' })).toHaveAttribute('href', 'tel:+16785550123')
  await expect(first.getByRole('link', { name: `minji-${stamp}@example.com` })).toHaveAttribute(
    'href',
    `mailto:minji-${stamp}@example.com`,
  )
  await expectNoAxeViolations(page, '.builder')
  await page.screenshot({ path: `${SHOTS}/inbox-list-${project}-en.png`, fullPage: true })

  // Without script the entry opens whole and stays unread: the page's GET marks nothing (decision 080).
  const noScript = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US' })
  expect((await noScript.request.post('/v1/auth/login', { data: JANE })).status()).toBe(200)
  const plain = await noScript.newPage()
  await plain.goto((await first.getByRole('link', { name: /김 민지/ }).getAttribute('href'))!)
  await expect(plain.getByTestId('entry-fields')).toContainText(stamp)
  await expect(plain.getByTestId('entry-status')).toHaveText('Unread')
  await noScript.close()
  await page.reload()
  await expect(nav.getByTestId('unread-count')).toContainText('1')

  // Opening it with script reads it, by the page's POST once shown: every field, where it came from, the
  // delivery per channel.
  const opened = page.waitForResponse((r) => r.url().endsWith('/opened') && r.request().method() === 'POST')
  await first.getByRole('link', { name: /김 민지/ }).click()
  expect((await opened).status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message from 김 민지')
  const fields = page.getByTestId('entry-fields')
  await expect(fields).toContainText(`minji-${stamp}@example.com`)
  await expect(fields).toContainText('/en/janekim')
  await expect(fields).toContainText('English')
  // Her own channel, on by default (decision 063); the operator's webhook is not hers to see.
  await expect(page.getByTestId('inbox-channels')).toContainText('Your email')
  await expect(page.getByTestId('inbox-channels')).not.toContainText('Operator webhook')
  await expect(page.getByTestId('entry-status')).toHaveText('Read')
  await expect(page.getByRole('button', { name: 'Save note' })).toBeEnabled()

  await page.getByLabel('Note (only you can see it)').fill('Call back Tuesday — 화요일 통화')
  await page.getByRole('button', { name: 'Save note' }).click()
  await expect(page.getByRole('status').last()).toHaveText('Saved.')
  await page.getByRole('button', { name: 'Archive' }).click()
  await expect(page.getByTestId('entry-status')).toHaveText('Archived')
  await page.getByRole('button', { name: 'Move back to the inbox' }).click()
  await expect(page.getByTestId('entry-status')).toHaveText('Read')
  await page.reload()
  await expect(page.getByLabel('Note (only you can see it)')).toHaveValue('Call back Tuesday — 화요일 통화')
  await expectNoAxeViolations(page, '.builder')
  await page.screenshot({ path: `${SHOTS}/inbox-entry-${project}-en.png`, fullPage: true })

  // Back on the list, the count says it was read.
  await page.getByRole('link', { name: 'Back to the list' }).click()
  await expect(nav.getByTestId('unread-count')).toHaveCount(0)

  // The CSV export: UTF-8 with a BOM, the Korean name as typed.
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  const file = await (await download).path()
  const bytes = readFileSync(file)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const csv = bytes.subarray(3).toString('utf8')
  expect(csv).toContain('김 민지')
  expect(csv).toContain('Call back Tuesday — 화요일 통화')
  expect(csv).toContain('\r\n')

  // The same screens in Korean.
  await page.goto('/janekim/admin/inbox')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('받은 문의')
  await expectNoAxeViolations(page, '.builder')
  await page.screenshot({ path: `${SHOTS}/inbox-list-${project}-ko.png`, fullPage: true })
  await page.getByTestId('inbox-list').getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('김 민지 님의 문의')
  await expectNoAxeViolations(page, '.builder')
  await page.screenshot({ path: `${SHOTS}/inbox-entry-${project}-ko.png`, fullPage: true })
})
