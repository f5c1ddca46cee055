// Sessions end with their account and with sign-out: every authorization re-reads the account and its
// token version (migrations/0006_token_version.sql), through a cache of a few seconds per isolate.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hashPassword } from '../../src/lib/accounts/password'
import { createApp } from '../../src/worker'
import { call, ORIGIN } from '../helpers'
import { ADMIN, api, JANE, login } from './client'

const PNG_FILE = { name: 'a.png', contentType: 'image/png', size: 100 }

afterEach(() => {
  vi.useRealTimers()
})

/** What a token may do, as statuses: who it names, a profile write, an upload grant, an export. */
async function reach(token: string, realtorId: number) {
  return {
    me: (await api('/v1/auth/me', { token })).status,
    patch: (await api(`/v1/realtor/${realtorId}`, { method: 'PATCH', token, json: { aboutMeEn: 'Hi' } })).status,
    upload: (
      await api('/v1/realtor/presigned-multi-file-upload', {
        method: 'POST',
        token,
        json: { realtorId, files: [PNG_FILE] },
      })
    ).status,
    export: (await api(`/v1/realtor/export/${realtorId}`, { token })).status,
  }
}

const ALLOWED = { me: 200, patch: 200, upload: 200, export: 200 }
const REFUSED = { me: 401, patch: 401, upload: 401, export: 401 }

/** Moves the clock past the isolate's account cache (src/lib/accounts/store.ts keeps entries seconds). */
function later(): void {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + 60_000)
}

/** A second admin account, straight into D1. */
async function extraAdmin(email: string, password: string): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO accounts (email, name, role, password_hash) VALUES (?, 'Extra', 'admin', ?) RETURNING id`,
  )
    .bind(email, await hashPassword(password, 1000))
    .first<{ id: number }>()
  return row!.id
}

describe('sign-out', () => {
  it('ends every earlier session and bearer token of the account at once', async () => {
    const bearer = await login(JANE)
    const browser = await login(JANE)
    expect(await reach(bearer, 2)).toEqual(ALLOWED)
    // The browser signs out with its cookie; the API client's bearer token stops too.
    const logout = await call('/v1/auth/logout', { method: 'POST', headers: { cookie: `session=${browser}` } })
    expect(logout.status).toBe(200)
    expect(await reach(bearer, 2)).toEqual(REFUSED)
    expect((await call('/v1/auth/me', { headers: { cookie: `session=${browser}` } })).status).toBe(401)
    // Signing in again gives a working session.
    expect(await reach(await login(JANE), 2)).toEqual(ALLOWED)
  })

  it('by bearer token ends that token too', async () => {
    const token = await login(JANE)
    expect((await api('/v1/auth/logout', { method: 'POST', token })).status).toBe(200)
    expect(await reach(token, 2)).toEqual(REFUSED)
  })
})

describe('a deleted account', () => {
  it('has no session left: its admin token neither exports, writes nor gets upload grants', async () => {
    const id = await extraAdmin('gone-admin@realtor.local', 'gone-admin-2026')
    const token = await login({ email: 'gone-admin@realtor.local', password: 'gone-admin-2026' })
    expect(await reach(token, 1)).toEqual(ALLOWED)
    await env.DB.prepare('DELETE FROM accounts WHERE id = ?').bind(id).run()
    later()
    expect(await reach(token, 1)).toEqual(REFUSED)
    // Pages too: the editor sends it to sign-in.
    const page = await call('/admin', { headers: { cookie: `session=${token}` } })
    expect(page.status).toBe(302)
  })

  it('a changed password ends the sessions signed in with the old one', async () => {
    const id = await extraAdmin('moved-admin@realtor.local', 'old-password-2026')
    const token = await login({ email: 'moved-admin@realtor.local', password: 'old-password-2026' })
    await env.DB.prepare('UPDATE accounts SET password_hash = ? WHERE id = ?')
      .bind(await hashPassword('new-password-2026', 1000), id)
      .run()
    later()
    expect(await reach(token, 1)).toEqual(REFUSED)
    expect(await reach(await login({ email: 'moved-admin@realtor.local', password: 'new-password-2026' }), 1)).toEqual(
      ALLOWED,
    )
  })
})

describe('the cost of checking the account', () => {
  it('is one D1 read per account for a burst of requests, not one per request', async () => {
    const token = await login(ADMIN)
    const reads: string[] = []
    const DB = new Proxy(env.DB, {
      get(target, property) {
        const value = Reflect.get(target, property)
        if (property !== 'prepare') return typeof value === 'function' ? value.bind(target) : value
        return (sql: string) => {
          if (/FROM accounts/i.test(sql)) reads.push(sql)
          return target.prepare(sql)
        }
      },
    })
    const app = createApp()
    const bindings = { ...env, DB }
    for (let i = 0; i < 5; i++) {
      const response = await app.request(`${ORIGIN}/login`, { headers: { cookie: `session=${token}` } }, bindings)
      expect(response.status).toBe(302) // signed in: on to /admin
    }
    expect(reads).toHaveLength(1)
  })
})
