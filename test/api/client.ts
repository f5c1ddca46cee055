// JSON API helpers for the tests: sign in as a seeded account and call the API with its token.

import type { Realtor } from '../../src/lib/realtors/types'
import { DEMO_PASSWORD } from '../fixtures/realtors'
import { call } from '../helpers'

export const ADMIN = { email: 'admin@realtor.local', password: 'realtor-admin-2026' }
export const JANE = { email: 'janekim@realtor.local', password: DEMO_PASSWORD }
export const EQUITY = { email: 'equityrealty@realtor.local', password: DEMO_PASSWORD }

export async function login(account: { email: string; password: string }): Promise<string> {
  const response = await api('/v1/auth/login', { method: 'POST', json: account })
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { token: string }).token
}

export async function api(
  path: string,
  init: Omit<Parameters<typeof call>[1] & object, 'body'> & { json?: unknown; token?: string; body?: BodyInit } = {},
): Promise<Response> {
  const { json, token, ...rest } = init
  const headers = new Headers(rest.headers)
  if (json !== undefined) headers.set('content-type', 'application/json')
  if (token) headers.set('authorization', `Bearer ${token}`)
  return call(path, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body })
}

export interface ErrorBody {
  error: { code: string; message: string; fields?: { path: string; message: string }[] }
}

export async function errorOf(response: Response): Promise<ErrorBody['error']> {
  return ((await response.json()) as ErrorBody).error
}

/**
 * A new realtor account made by the admin (`adminToken`), with its homepage (unpublished, as every new account
 * starts) under `desiredUrl`, signed in: its email is `{desiredUrl}@{domain}`.
 */
export async function realtorAccount(
  adminToken: string,
  desiredUrl: string,
  domain: string,
): Promise<{ id: number; token: string }> {
  const email = `${desiredUrl}@${domain}`
  const made = await api('/v1/accounts', {
    method: 'POST',
    token: adminToken,
    json: { email, password: DEMO_PASSWORD, name: desiredUrl, desiredUrl },
  })
  if (made.status !== 201) throw new Error(`account not made: ${made.status} ${await made.text()}`)
  const { realtor } = (await made.json()) as { realtor: Realtor }
  return { id: realtor.id, token: await login({ email, password: DEMO_PASSWORD }) }
}
