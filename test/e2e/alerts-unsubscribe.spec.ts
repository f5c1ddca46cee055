// An alert mail's unsubscribe link in a browser (docs/decisions/108-listing-alerts.md), at the project's
// 390 px and 1280 px, in Korean and English: the page asks and changes nothing, its button turns every saved
// search of the buyer off (a plain form post), a bad link answers a translated error; each state axe-clean.
// The buyer and searches are written straight into the e2e worker's local D1 (sign-up is another part's).
import { execFileSync } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expectNoAxeViolations } from './axe'
import { expect, test } from './fixtures'

const root = path.join(import.meta.dirname, '../..')
const state = path.join(root, '.tmp', process.env.E2E_STATE || 'e2e-state')

function sql<T>(command: string): T[] {
  const out = execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/wrangler/bin/wrangler.js'),
      'd1',
      'execute',
      'DB',
      '--local',
      '--persist-to',
      state,
      '--json',
      '--command',
      command,
    ],
    { encoding: 'utf8', cwd: root, env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } },
  )
  return (JSON.parse(out) as { results: T[] }[])[0]!.results
}

/**
 * The worker's secret as the e2e worker reads it: scripts/serve-e2e.mjs gives it `.dev.vars.example`'s local
 * defaults (a clean clone has no `.dev.vars`).
 */
const secret = () =>
  /^SESSION_SECRET=(.*)$/m.exec(readFileSync(path.join(root, '.dev.vars.example'), 'utf8'))![1]!.trim()

const tokenOf = (buyer: number, realtor: number) =>
  `${buyer}.${realtor}.${createHmac('sha256', secret()).update(`alerts-unsubscribe:${buyer}:${realtor}`).digest('base64url')}`

for (const locale of ['ko', 'en'] as const) {
  test(`unsubscribing from alerts (${locale})`, async ({ page }, info) => {
    const email = `alerts-${locale}-${info.project.name}@example.com`
    const realtor = sql<{ id: number }>("SELECT id FROM realtors WHERE desired_url = 'janekim'")[0]!.id
    sql(
      `INSERT INTO buyers (realtor_id, email, email_key, locale, consent_at, consent_text, confirmed_at)
       VALUES (${realtor}, '${email}', '${email}', '${locale}', '2026-01-01', 'e2e', '2026-01-01')`,
    )
    const buyer = sql<{ id: number }>(`SELECT id FROM buyers WHERE email_key = '${email}'`)[0]!.id
    for (const frequency of ['instant', 'daily'])
      sql(
        `INSERT INTO saved_searches (buyer_id, realtor_id, name, query, market, place_kind, place_key, deal_type,
           property_status, frequency) VALUES (${buyer}, ${realtor}, 'Johns Creek', '?city=Johns+Creek&f=${frequency}',
           'fmls', 'city', 'johns creek', 'sale', 'active', '${frequency}')`,
      )
    const prefix = locale === 'en' ? '/en' : ''
    const words =
      locale === 'en'
        ? { button: 'Unsubscribe', done: 'You’re unsubscribed', invalid: 'This unsubscribe link isn’t valid' }
        : { button: '수신 거부하기', done: '수신 거부되었습니다', invalid: '유효하지 않은 수신 거부 링크입니다' }

    await page.goto(`${prefix}/janekim/alerts/unsubscribe?t=${tokenOf(buyer, realtor)}`)
    await expect(page.getByRole('button', { name: words.button })).toBeVisible()
    await expectNoAxeViolations(page)
    expect(sql<{ frequency: string }>(`SELECT frequency FROM saved_searches WHERE buyer_id = ${buyer}`)).toEqual([
      { frequency: 'instant' },
      { frequency: 'daily' },
    ])
    await page.getByRole('button', { name: words.button }).click()
    await expect(page.getByRole('status')).toContainText(words.done)
    await expectNoAxeViolations(page)
    expect(sql<{ frequency: string }>(`SELECT frequency FROM saved_searches WHERE buyer_id = ${buyer}`)).toEqual([
      { frequency: 'off' },
      { frequency: 'off' },
    ])

    const bad = await page.goto(`${prefix}/janekim/alerts/unsubscribe?t=${buyer}.${realtor}.${'A'.repeat(43)}`)
    expect(bad?.status()).toBe(400)
    await expect(page.getByRole('alert')).toContainText(words.invalid)
    await expectNoAxeViolations(page)
  })
}
