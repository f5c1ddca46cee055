import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { insertLead } from '../../src/lib/leads/store'
import { ADMIN, EQUITY, JANE, login } from '../api/client'
import { call, heading } from '../helpers'

const as = (token: string) => ({ headers: { cookie: `session=${token}` } })

describe('builder pages', () => {
  it('renders the sign-in form, never cached, with its island', async () => {
    for (const path of ['/login', '/en/login', '/janekim/login', '/en/janekim/login']) {
      const response = await call(path)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
      const html = await response.text()
      expect(html).toContain('data-island="LoginForm"')
      expect(html).toMatch(/<label for="login-email">/)
    }
    expect(heading(await (await call('/en/login')).text())).toBe('Sign in')
  })

  it('tells a realtor without an account where to ask for one, on the platform’s sign-in only', async () => {
    const text = async (path: string) => (await (await call(path)).text()).replaceAll('<!-- -->', '')
    const ko = await text('/login')
    expect(ko).toContain('아직 계정이 없으신가요? <a href="/">홈페이지에서 신청해 주세요.</a>')
    expect(ko).not.toContain('관리자에게')
    const en = await text('/en/login')
    expect(en).toContain('No account yet? <a href="/en">Ask for one on our home page.</a>')
    // A realtor's own sign-in page is theirs: their visitors are not sent to the platform.
    for (const path of ['/janekim/login', '/en/janekim/login'])
      expect(await text(path)).not.toMatch(/아직 계정이 없으신가요|No account yet/)
  })

  it('sends a signed-in visitor of /login on to next, or to /admin; never off-site', async () => {
    const token = await login(JANE)
    const next = await call('/login?next=%2Fjanekim%2Fadmin', as(token))
    expect(next.headers.get('location')).toBe('/janekim/admin')
    const offsite = await call('/en/login?next=%2F%2Fevil.example', as(token))
    expect(offsite.headers.get('location')).toBe('/en/admin')
  })

  it('redirects a signed-out /admin and editor to the sign-in page with next; /agreement asks to sign in', async () => {
    expect((await call('/admin')).headers.get('location')).toBe('/login?next=%2Fadmin')
    expect((await call('/en/janekim/admin')).headers.get('location')).toBe(
      '/en/janekim/login?next=%2Fen%2Fjanekim%2Fadmin',
    )
    const agreement = await call('/agreement')
    expect(agreement.status).toBe(200)
    expect(await agreement.text()).toContain('href="/login?next=%2Fagreement"')
  })

  it('forwards a realtor from /admin to their own editor and shows it', async () => {
    const token = await login(JANE)
    const admin = await call('/en/admin', as(token))
    expect(admin.status).toBe(302)
    expect(admin.headers.get('location')).toBe('/en/janekim/admin')
    const editor = await call('/en/janekim/admin', as(token))
    expect(editor.status).toBe(200)
    expect(editor.headers.get('cache-control')).toBe('no-store')
    const html = await editor.text()
    // The editor renders in the browser (decision 115): the page holds its props and a status until it runs.
    expect(html).toMatch(/data-island="RealtorEditor" data-props="[^"]+" data-hydrate="load" data-render="client"/)
    expect(html).toContain('"desiredUrl":"janekim"')
    expect(html).toContain('<p role="status">Opening the editor…</p>')
    expect(html).not.toContain('id="field-desiredUrl"')
    expect(html).toContain('<meta name="robots" content="noindex"')
  })

  it('answers 403 when a realtor opens another realtor’s editor; an admin opens any', async () => {
    const forbidden = await call('/equityrealty/admin', as(await login(JANE)))
    expect(forbidden.status).toBe(403)
    expect(await forbidden.text()).toContain('다른 리얼터의 홈페이지는 편집할 수 없습니다.')
    const admin = await login(ADMIN)
    expect((await call('/equityrealty/admin', as(admin))).status).toBe(200)
    expect((await call('/janekim/admin', as(await login(EQUITY)))).status).toBe(403)
  })

  it('shows the admin console with every realtor to an admin', async () => {
    const response = await call('/admin', as(await login(ADMIN)))
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('data-island="AdminConsole"')
    expect(html).toContain('href="/janekim/admin"')
    expect(html).toContain('href="/equityrealty"')
  })

  it('shows the agreement to a signed-in account, and the sign-in redirect page', async () => {
    const agreement = await call('/agreement?next=%2Fjanekim%2Fadmin', as(await login(JANE)))
    expect(agreement.status).toBe(200)
    expect(await agreement.text()).toMatch(/data-island="AgreementForm"|href="\/janekim\/admin"/)
    const redirect = await call('/login/redirect')
    expect(redirect.status).toBe(200)
    expect(await redirect.text()).toContain('data-island="LoginRedirect"')
  })

  it('shows the admin the messages given up after a day of retries, and only the admin', async () => {
    const lead = await insertLead(env.DB, { name: 'Lost', area: 'Irvine', phone: '949', hasSite: 'no' }, 'en')
    await env.DB.prepare(
      "UPDATE deliveries SET status = 'failed', last_error = 'the webhook answered 500' WHERE topic = 'lead' AND message_id = ?",
    )
      .bind(lead.id)
      .run()
    const html = await (await call('/en/admin', as(await login(ADMIN)))).text()
    expect(html).toContain('data-testid="failed-deliveries"')
    expect(html).toContain(`Lead request #${lead.id}, operator-slack: the webhook answered 500`)
    const realtor = await call('/en/janekim/admin', as(await login(JANE)))
    expect(await realtor.text()).not.toContain('failed-deliveries')
  })
})
