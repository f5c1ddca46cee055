// The /login/redirect hand-off is bound to the browser that started it (issue 29, finding 11; decision 086):
// a code minted for one browser's challenge signs nobody in in another, so a link someone sends with a code
// for their own account cannot sign the receiver's browser into it.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import worker from '../../src/worker'
import { ORIGIN, settled } from '../helpers'
import { errorOf, JANE, login } from './client'

/** The external sign-in of these tests, trusted through API_ALLOWED_ORIGINS. */
const SIGN_IN = 'https://sign-in.example'
const bindings = { ...env, API_ALLOWED_ORIGINS: SIGN_IN }

/** A browser: its own cookie jar (name → value, as the worker set them), sent with each request. */
class Browser {
  readonly cookies = new Map<string, string>()

  async fetch(path: string, init: RequestInit & { json?: unknown; token?: string } = {}): Promise<Response> {
    const { json, token, ...rest } = init
    const headers = new Headers(rest.headers)
    headers.set('host', new URL(ORIGIN).host)
    if (!headers.has('accept-language')) headers.set('accept-language', 'en')
    if (json !== undefined) headers.set('content-type', 'application/json')
    if (token) headers.set('authorization', `Bearer ${token}`)
    if (this.cookies.size > 0)
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    const body = json !== undefined ? JSON.stringify(json) : rest.body
    const response = await settled(worker, `${ORIGIN}${path}`, { redirect: 'manual', ...rest, headers, body }, bindings)
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const [name = '', value = ''] = pair.split('=')
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }

  /** Starts a hand-off: the challenge the external sign-in receives, or null when none was given. */
  async start(returnTo = `${SIGN_IN}/continue?app=builder`): Promise<string | null> {
    const response = await this.fetch(`/v1/auth/handoff/start?return_to=${encodeURIComponent(returnTo)}`)
    const location = response.headers.get('location')
    return location ? new URL(location).searchParams.get('handoff_challenge') : null
  }

  /** What /login/redirect's page does with the code of its fragment. */
  exchange(code: string): Promise<Response> {
    return this.fetch('/v1/auth/handoff/exchange', { method: 'POST', json: { code } })
  }

  async signedInAs(): Promise<string | null> {
    const me = await this.fetch('/v1/auth/me')
    return me.status === 200 ? ((await me.json()) as { user: { email: string } }).user.email : null
  }
}

/** The external sign-in's call: a code for the account it holds a token of, for the challenge it was sent. */
async function mint(token: string, challenge: string | null): Promise<Response> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' }
  return settled(
    worker,
    `${ORIGIN}/v1/auth/handoff`,
    { method: 'POST', headers, body: JSON.stringify({ challenge }) },
    bindings,
  )
}

const codeOf = async (response: Response) => ((await response.json()) as { code: string }).code

describe('login CSRF through the hand-off', () => {
  it('a code minted for the attacker’s own browser signs the victim’s browser into nothing', async () => {
    const attacker = new Browser()
    const victim = new Browser()
    // The attacker starts a hand-off in their own browser and has a code minted for their own account.
    const code = await codeOf(await mint(await login(JANE), await attacker.start()))
    // The victim opens /login/redirect#code=… from the attacker's link: its page trades the code.
    const refused = await victim.exchange(code)
    expect(refused.status).toBe(401)
    expect(refused.headers.get('set-cookie')).toBeNull()
    expect(await errorOf(refused)).toMatchObject({
      code: 'other_browser',
      message: expect.stringContaining('was not started in this browser'),
    })
    expect(await victim.signedInAs()).toBeNull()
    // A victim who started a hand-off of their own holds a verifier, but not the one the code is for.
    await victim.start()
    expect((await victim.exchange(code)).status).toBe(401)
    expect(await victim.signedInAs()).toBeNull()
    // The refusals did not use the code up: the browser that started the hand-off still completes it.
    const completed = await attacker.exchange(code)
    expect(completed.status).toBe(200)
    expect(await completed.json()).toMatchObject({ user: { email: JANE.email } })
    expect(await attacker.signedInAs()).toBe(JANE.email)
  })

  it('says so in Korean too', async () => {
    const code = await codeOf(await mint(await login(JANE), await new Browser().start()))
    const refused = await new Browser().fetch('/v1/auth/handoff/exchange', {
      method: 'POST',
      json: { code },
      headers: { 'accept-language': 'ko' },
    })
    expect((await errorOf(refused)).message).toContain('이 브라우저에서 시작된 것이 아니어서')
  })
})

describe('the bound hand-off', () => {
  it('starts with a ten-minute HttpOnly, host-only verifier cookie for the hand-off’s paths and the sign-in’s address', async () => {
    const browser = new Browser()
    const response = await browser.fetch(
      `/v1/auth/handoff/start?return_to=${encodeURIComponent(`${SIGN_IN}/back?x=1`)}`,
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const location = new URL(response.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe(`${SIGN_IN}/back`)
    expect(location.searchParams.get('x')).toBe('1')
    const cookie = response.headers.get('set-cookie')!
    expect(cookie).toMatch(/^handoff=[A-Za-z0-9_-]{43};/)
    expect(cookie).toMatch(/Max-Age=600/)
    expect(cookie).toMatch(/Path=\/v1\/auth\/handoff(;|$)/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).not.toMatch(/Domain=/i)
    // The challenge is the verifier's hash, never the verifier.
    const verifier = browser.cookies.get('handoff')!
    expect(location.searchParams.get('handoff_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(location.href).not.toContain(verifier)
  })

  it('sends the challenge only to an external sign-in it trusts', async () => {
    for (const returnTo of [
      'https://evil.example/back',
      'http://sign-in.example/back',
      'https://user:pass@sign-in.example/back',
      '/login',
      'javascript:alert(1)',
      '',
    ]) {
      const browser = new Browser()
      const response = await browser.fetch(`/v1/auth/handoff/start?return_to=${encodeURIComponent(returnTo)}`)
      expect(response.status, returnTo).toBe(400)
      expect(await errorOf(response), returnTo).toMatchObject({
        code: 'invalid_return_to',
        message: 'The sign-in cannot start: the address to return to is not one this service trusts.',
      })
      expect(browser.cookies.size).toBe(0)
    }
  })

  it('mints a code only for a challenge, and the browser that holds its verifier trades it once, then holds none', async () => {
    const token = await login(JANE)
    const missing = await mint(token, null)
    expect(missing.status).toBe(400)
    expect((await errorOf(missing)).fields).toEqual([
      { path: 'challenge', message: 'Send the handoff_challenge that starting the sign-in gave (43 characters).' },
    ])
    const browser = new Browser()
    const code = await codeOf(await mint(token, await browser.start()))
    const response = await browser.exchange(code)
    expect(response.status).toBe(200)
    expect(response.headers.getSetCookie().some((line) => /^session=[^;]+;.*HttpOnly/.test(line))).toBe(true)
    expect(browser.cookies.has('handoff')).toBe(false)
    const again = await browser.exchange(code)
    expect(again.status).toBe(401)
    expect((await errorOf(again)).code).toBe('invalid_code')
  })
})
