// Requests for the custom domain tests: the app with chosen bindings (Cloudflare against the fake, or the
// local simulator), fresh accounts with a homepage of their own, and time passing for the refresh throttle.
import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import { createApp } from '../../src/worker'
import { ADMIN, api, login } from '../api/client'
import { PUBLISHABLE } from '../fixtures/publishable'
import { ORIGIN } from '../helpers'

const app = createApp()

export async function send(
  path: string,
  {
    method = 'GET',
    token,
    json,
    host,
    bindings = env,
    headers: extra = {},
  }: {
    method?: string
    token?: string
    json?: unknown
    host?: string
    bindings?: object
    headers?: Record<string, string>
  } = {},
): Promise<Response> {
  const headers = new Headers(extra)
  headers.set('host', host ?? new URL(ORIGIN).host)
  if (token) headers.set('authorization', `Bearer ${token}`)
  if (json !== undefined) headers.set('content-type', 'application/json')
  const body = json === undefined ? undefined : JSON.stringify(json)
  const url = host ? `http://${host}${path}` : `${ORIGIN}${path}`
  return app.request(url, { method, headers, body, redirect: 'manual' }, bindings)
}

let admin: Promise<string> | null = null
export const adminToken = () => (admin ??= login(ADMIN))

/** A new realtor account with a published homepage at /{address} (a banner, so it is a carousel slide). */
export async function newHomepage(address: string): Promise<{ id: number; token: string }> {
  const token = await adminToken()
  const password = `${address}-pass-2026`
  const email = `${address}@realtor.local`
  const created = await api('/v1/accounts', {
    method: 'POST',
    token,
    json: { name: `Agent ${address}`, email, password, desiredUrl: address },
  })
  expect(created.status).toBe(201)
  const { realtor } = (await created.json()) as { realtor: { id: number } }
  const patch = await api(`/v1/realtor/${realtor.id}`, {
    method: 'PATCH',
    token,
    json: {
      ...PUBLISHABLE,
      isMakeHomepage: 'Y',
      photos: [{ path: 'top', imageType: 'fullsize', url: '/photos/seed/janekim/top.png' }],
    },
  })
  expect(patch.status).toBe(200)
  return { id: realtor.id, token: await login({ email, password }) }
}

/** The refresh throttle's seconds pass for every domain. */
export async function checksFallDue(): Promise<void> {
  await env.DB.prepare("UPDATE custom_hostnames SET checked_at = '2000-01-01T00:00:00.000Z'").run()
}

export interface DomainBody {
  domain: {
    hostname: string
    status: string
    ssl: { status: string }
    records: { type: string; name: string; value: string; purpose: string }[]
    problems: string[]
    checkedAt: string | null
    activatedAt: string | null
    simulated: boolean
  } | null
}

export const domainOf = async (response: Response) => ((await response.json()) as DomainBody).domain
