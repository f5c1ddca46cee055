// The builder's Domain screen (docs/decisions/054-domain-screen.md): who may open it, its server-rendered
// first view in each state (none, pending with the DNS records, active), the navigation entry, the editor's
// read-only domain line, and the pure rules the island polls and draws by.
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MAX_POLL_MS, POLL_MS, pollDelay } from '../../src/lib/builder/domain-screen'
import { sslLabel, stepStates } from '../../src/lib/builder/domain-steps'
import { ADMIN, api, EQUITY, JANE, login } from '../api/client'
import { call, heading } from '../helpers'

const as = (token: string) => ({ headers: { cookie: `session=${token}` } })
const JANE_ID = 2

/** The island's JSON props on a page (the first view's Domain among them). */
function islandProps(html: string, name: string): Record<string, unknown> {
  const id = new RegExp(`data-island="${name}" data-props="([^"]+)"`).exec(html)?.[1]
  const json = id && new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(html)?.[1]
  if (!json) throw new Error(`no ${name} island`)
  return JSON.parse(json)
}

/**
 * The editor as the browser renders it from the page's props: the worker sends no editor markup (decision 115),
 * so its first render is the island's own, with what the page gave it.
 */
async function editorHtml(page: string): Promise<string> {
  const { default: RealtorEditor } = await import('../../src/client/islands/RealtorEditor')
  const props = islandProps(page, 'RealtorEditor') as unknown as Parameters<typeof RealtorEditor>[0]
  return renderToString(createElement(RealtorEditor, props))
}

describe('the Domain screen', () => {
  it('is for the homepage’s owner and admins: signed out goes to sign-in, another realtor gets 403', async () => {
    expect((await call('/janekim/admin/domain')).headers.get('location')).toBe(
      '/janekim/login?next=%2Fjanekim%2Fadmin%2Fdomain',
    )
    expect((await call('/janekim/admin/domain', as(await login(EQUITY)))).status).toBe(403)
    const admin = await call('/en/janekim/admin/domain', as(await login(ADMIN)))
    expect(admin.status).toBe(200)
    expect(islandProps(await admin.text(), 'DomainSettings').isAdmin).toBe(true)
  })

  it('shows the active domain on the server, with the navigation between Notifications and Settings', async () => {
    const token = await login(JANE)
    const response = await call('/janekim/admin/domain', as(token))
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const html = await response.text()
    expect(heading(html)).toBe('내 도메인')
    expect(html).toContain('<meta name="robots" content="noindex"')
    const props = islandProps(html, 'DomainSettings')
    expect(props).toMatchObject({ realtorId: JANE_ID, initial: { hostname: 'janekim.example', status: 'active' } })
    // No flash: the state is in the HTML, not only in the island's first fetch.
    expect(html).toContain('data-status="active"')
    expect(html).toContain('href="https://janekim.example"')
    const nav = /<nav class="builder-nav"[\s\S]*?<\/nav>/.exec(html)![0]
    const labels = [...nav.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)/g)].map((match) => [match[1], match[2]])
    expect(labels.map(([, label]) => label)).toEqual(['대시보드', '받은 문의', '편집', '알림', '도메인', '설정'])
    expect(labels[4]![0]).toBe('/janekim/admin/domain')
    expect(nav).toMatch(/<a href="\/janekim\/admin\/domain" aria-current="page">/)
  })

  it('replaces the editor’s free-text domain with the verified domain and a link to the screen', async () => {
    const token = await login(JANE)
    const html = await editorHtml(await (await call('/janekim/admin', as(token))).text())
    expect(html).not.toContain('id="field-hompageUrl"')
    const line = /data-testid="editor-domain"[\s\S]*?<\/div>/.exec(html)![0]
    expect(line).toContain('janekim.example')
    expect(line).toContain('href="/janekim/admin/domain"')
    // A claim that is not verified yet never shows as the homepage's domain.
    await api(`/v1/realtors/${JANE_ID}/domain`, { method: 'PUT', json: { hostname: 'unverified.example' }, token })
    const after = /data-testid="editor-domain"[\s\S]*?<\/div>/.exec(
      await editorHtml(await (await call('/janekim/admin', as(token))).text()),
    )![0]
    expect(after).not.toContain('unverified.example')
    expect(after).toContain('연결된 도메인이 없습니다')
  })

  it('offers the form with the path address when there is no domain, then the records and steps once one is added', async () => {
    const token = await login(JANE)
    expect((await api(`/v1/realtors/${JANE_ID}/domain`, { method: 'DELETE', token })).status).toBe(204)
    const empty = await (await call('/en/janekim/admin/domain', as(token))).text()
    expect(islandProps(empty, 'DomainSettings').initial).toBeNull()
    expect(empty).toContain('<label for="domain-hostname">Domain</label>')
    expect(empty).toContain('No domain is connected yet. Your homepage is at http://127.0.0.1:8787/en/janekim.')

    const put = await api(`/v1/realtors/${JANE_ID}/domain`, {
      method: 'PUT',
      json: { hostname: 'jane-kim.example' },
      token,
    })
    expect(put.status).toBe(200)
    const html = await (await call('/en/janekim/admin/domain', as(token))).text()
    expect(html).toContain('data-status="pending"')
    // The stepper: waiting for DNS is the current step, the others not yet.
    expect(html).toMatch(/data-state="current"[^>]*>[\s\S]*?Waiting for DNS/)
    expect([...html.matchAll(/data-state="(\w+)"/g)].map((match) => match[1])).toEqual(['current', 'todo', 'todo'])
    // The exact records, each with its purpose and copy buttons.
    const table = /<table class="dns__table"[\s\S]*?<\/table>/.exec(html)![0]
    const domain = islandProps(html, 'DomainSettings').initial as { records: { name: string; value: string }[] }
    expect(domain.records.length).toBeGreaterThanOrEqual(2)
    for (const record of domain.records) {
      expect(table).toContain(`<code>${record.name}</code>`)
      expect(table).toContain(`<code>${record.value}</code>`)
    }
    expect(table).toContain('Sends visitors to your homepage')
    expect(table).toContain('aria-label="Copy the value of record 1 (CNAME)"')
    // Local mode: the simulator says so; only an admin gets its controls.
    expect(html).toContain('data-testid="domain-simulator"')
    expect(html).not.toContain('Next step: jane-kim.example')
    const asAdmin = await (await call('/en/janekim/admin/domain', as(await login(ADMIN)))).text()
    expect(asAdmin).toContain('aria-label="Next step: jane-kim.example"')
  })
  it('lists every domain for the console with whose homepage it is', async () => {
    const token = await login(ADMIN)
    const body = (await (await api('/v1/domains?limit=100', { token })).json()) as {
      domains: { hostname: string; realtorId: number; desiredUrl: string | null }[]
    }
    expect(body.domains.find((domain) => domain.realtorId === 1)).toMatchObject({
      hostname: 'equityrealty.example',
      desiredUrl: 'equityrealty',
    })
  })
})

describe('the Domain screen’s rules', () => {
  it('draws each status as steps', () => {
    const ssl = (status: string) => ({ status })
    expect(stepStates({ status: 'pending', ssl: ssl('initializing') })).toEqual(['current', 'todo', 'todo'])
    expect(stepStates({ status: 'verifying', ssl: ssl('pending_issuance') })).toEqual(['done', 'current', 'todo'])
    expect(stepStates({ status: 'active', ssl: ssl('active') })).toEqual(['done', 'done', 'done'])
    expect(stepStates({ status: 'failed', ssl: ssl('pending_validation') })).toEqual(['failed', 'todo', 'todo'])
    expect(stepStates({ status: 'failed', ssl: ssl('issuance_timed_out') })).toEqual(['done', 'failed', 'todo'])
  })

  it('checks every 5 s, backing off after failures up to a minute', () => {
    expect(pollDelay(0)).toBe(POLL_MS)
    expect(pollDelay(1)).toBe(10_000)
    expect(pollDelay(2)).toBe(20_000)
    expect(pollDelay(5)).toBe(MAX_POLL_MS)
    expect(pollDelay(1000)).toBe(MAX_POLL_MS)
  })

  it('names known certificate states and shows others as they are', () => {
    expect(sslLabel('pending_validation')).toEqual({ id: 'builder.domain.ssl.pending_validation', values: {} })
    expect(sslLabel('validation_timed_out').id).toBe('builder.domain.ssl.timed_out')
    expect(sslLabel('staging_active')).toEqual({ id: 'builder.domain.ssl.other', values: { status: 'staging_active' } })
    expect(sslLabel('toString').id).toBe('builder.domain.ssl.other')
  })
})
