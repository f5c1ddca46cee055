// Self-delete by typing the address, the 30 days a deleted homepage is kept, an admin's restore, and
// the cron that removes it with its photos afterwards (docs/decisions/047-site-lifecycle.md).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { base64url } from '../../src/lib/base64url'
import { purgeDeletedHomepages } from '../../src/lib/realtors/lifecycle'
import type { Realtor } from '../../src/lib/realtors/types'
import worker from '../../src/worker'
import { ADMIN, api, errorOf, login } from '../api/client'
import { CONTACT } from '../fixtures/forms'
import { PUBLISHABLE } from '../fixtures/publishable'
import { DEMO_PASSWORD } from '../fixtures/realtors'
import { call } from '../helpers'

let admin: string

beforeAll(async () => {
  admin = await login(ADMIN)
})

/** A new realtor account with its homepage, signed in: its token and realtor. */
async function newRealtor(desiredUrl: string, email = `${desiredUrl}@lifecycle.test`) {
  const created = await api('/v1/accounts', {
    method: 'POST',
    token: admin,
    json: { email, password: DEMO_PASSWORD, name: desiredUrl, desiredUrl },
  })
  expect(created.status, await created.clone().text()).toBe(201)
  const { realtor } = (await created.json()) as { realtor: Realtor }
  await api(`/v1/realtor/${realtor.id}`, {
    method: 'PATCH',
    token: admin,
    json: { ...PUBLISHABLE, isMakeHomepage: 'Y', aboutMeEn: 'Selling homes in Irvine.' },
  })
  return { token: await login({ email, password: DEMO_PASSWORD }), realtor: realtor as Realtor }
}

const remove = (id: number, token: string, json?: unknown) =>
  api(`/v1/realtor/${id}`, { method: 'DELETE', token, json })
const row = (id: number) =>
  env.DB.prepare("SELECT deleted_at, json_extract(profile, '$.isMakeHomepage') AS published FROM realtors WHERE id = ?")
    .bind(id)
    .first<{ deleted_at: string | null; published: string }>()

describe('DELETE /v1/realtor/{id}', () => {
  it('refuses a missing or wrong address with a 400 naming the field, and changes nothing', async () => {
    const { token, realtor } = await newRealtor('wrong-address')
    for (const body of [undefined, {}, { address: 'someone-else' }, { address: 42 }]) {
      const response = await remove(realtor.id, token, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect((await errorOf(response)).fields?.[0]?.path).toBe('address')
    }
    // Admins type it too.
    expect((await remove(realtor.id, admin, { address: 'nope' })).status).toBe(400)
    expect(await row(realtor.id)).toEqual({ deleted_at: null, published: 'Y' })
    expect((await call('/wrong-address')).status).toBe(200)
  })

  it('is soft with the right address (any case): unpublished, hidden, writes refused, owner still reads', async () => {
    const { token, realtor } = await newRealtor('soon-gone')
    expect((await call('/soon-gone')).status).toBe(200)
    const response = await remove(realtor.id, token, { address: 'Soon-Gone' })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { deleted: boolean; deletedAt: string; keptUntil: string }
    expect(body.deleted).toBe(true)
    expect(Date.parse(body.keptUntil) - Date.parse(body.deletedAt.slice(0, 10))).toBe(30 * 24 * 3600 * 1000)
    const stored = await row(realtor.id)
    expect(stored?.deleted_at).toBeTruthy()
    expect(stored?.published).toBe('N')
    // Hidden from visitors: pages (both languages, subpages), the public API and the custom origin key.
    for (const path of ['/soon-gone', '/en/soon-gone', '/soon-gone/terms']) expect((await call(path)).status).toBe(404)
    expect((await api('/v1/realtor/soon-gone')).status).toBe(404)
    // Its owner and admins still read it, with the day it was deleted.
    const own = (await (await api(`/v1/realtor/${realtor.id}`, { token })).json()) as Realtor
    expect(own.deletedAt).toBe(stored?.deleted_at)
    expect((await api(`/v1/realtor/${realtor.id}`, { token: admin })).status).toBe(200)
    // No more writes, from the owner or an admin, until restored: 410, translated.
    const patch = await api(`/v1/realtor/${realtor.id}`, {
      method: 'PATCH',
      token,
      json: { isMakeHomepage: 'Y' },
      headers: { 'accept-language': 'ko' },
    })
    expect(patch.status).toBe(410)
    expect((await errorOf(patch)).message).toContain('관리자가 복구')
    expect((await remove(realtor.id, admin, { address: 'soon-gone' })).status).toBe(410)
    const presign = await api('/v1/realtor/presigned-multi-file-upload', {
      method: 'POST',
      token,
      json: { realtorId: realtor.id, files: [{ contentType: 'image/png', size: 10 }] },
    })
    expect(presign.status).toBe(410)
    expect((await row(realtor.id))?.published).toBe('N')
    // Export still works (the realtor's data stays theirs), without the deletedAt field.
    const exported = await api(`/v1/realtor/export/${realtor.id}`, { token })
    expect(exported.status).toBe(200)
    expect(await exported.json()).not.toHaveProperty('deletedAt')
  })

  it('takes no other write under its id either, and its contact form stores nothing (issue 29, finding 10)', async () => {
    const { token, realtor } = await newRealtor('gone-writes')
    const contactsOf = async () =>
      (await env.DB.prepare('SELECT COUNT(*) AS n FROM realtor_contacts WHERE realtor_id = ?')
        .bind(realtor.id)
        .first<{ n: number }>())!.n
    // Before: the form takes a message (so the refusal below is the deletion's).
    const before = await api('/v1/realtor-contacts', { method: 'POST', json: { ...CONTACT, realtorId: realtor.id } })
    expect(before.status).toBe(201)
    expect(await contactsOf()).toBe(1)
    expect((await remove(realtor.id, token, { address: 'gone-writes' })).status).toBe(200)
    const settings = { email: 'assistant@office.example', webhookUrl: '' }
    // A browser's subscription with a real P-256 key, so only the deletion can refuse it.
    const browserKey = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
      'deriveBits',
    ])) as CryptoKeyPair
    const raw = (await crypto.subtle.exportKey('raw', browserKey.publicKey)) as ArrayBuffer
    const device = {
      endpoint: 'http://127.0.0.1:9/push/gone',
      keys: { p256dh: base64url(new Uint8Array(raw)), auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    }
    const writes: [string, string, unknown][] = [
      ['PUT', `/v1/realtor/${realtor.id}/notifications`, settings],
      ['POST', `/v1/realtor/${realtor.id}/notifications/test`, settings],
      ['PUT', `/v1/realtor/${realtor.id}/notifications/time-zone`, { timeZone: 'America/New_York' }],
      ['POST', `/v1/realtor/${realtor.id}/push`, device],
      ['DELETE', `/v1/realtor/${realtor.id}/push/1`, undefined],
      ['PUT', `/v1/realtors/${realtor.id}/domain`, { hostname: 'gone-writes.example' }],
      ['DELETE', `/v1/realtors/${realtor.id}/domain`, undefined],
    ]
    for (const who of [token, admin])
      for (const [method, path, json] of writes) {
        const answer = await api(path, { method, token: who, json, headers: { 'accept-language': 'en' } })
        expect(answer.status, `${method} ${path}`).toBe(410)
        expect((await errorOf(answer)).code, `${method} ${path}`).toBe('deleted')
      }
    // Nothing was written: no settings, clock, device or domain claim.
    const notifications = await env.DB.prepare('SELECT COUNT(*) AS n FROM realtor_notifications WHERE realtor_id = ?')
      .bind(realtor.id)
      .first<{ n: number }>()
    expect(notifications?.n ?? 0).toBe(0)
    expect(
      (await env.DB.prepare('SELECT COUNT(*) AS n FROM custom_hostnames WHERE realtor_id = ?')
        .bind(realtor.id)
        .first<{ n: number }>())!.n,
    ).toBe(0)
    // Reads still answer its owner.
    expect((await api(`/v1/realtor/${realtor.id}/notifications`, { token })).status).toBe(200)
    // The public contact form: the homepage is gone, so the message is refused (translated) and not stored.
    const refused = await api('/v1/realtor-contacts', {
      method: 'POST',
      json: { ...CONTACT, realtorId: realtor.id },
      headers: { 'accept-language': 'ko' },
    })
    expect(refused.status).toBe(400)
    expect(await contactsOf()).toBe(1)
  })

  it("shows the owner a state page at /admin instead of the editor, and purges the homepage's cached page", async () => {
    const { token, realtor } = await newRealtor('state-page')
    // Cached first (a visitor's view), then deleted: the next visitor must not get the cached copy.
    expect((await call('/state-page')).status).toBe(200)
    expect((await call('/state-page')).status).toBe(200)
    await remove(realtor.id, token, { address: 'state-page' })
    expect((await call('/state-page')).status).toBe(404)
    const page = await call('/en/state-page/admin', { headers: { authorization: `Bearer ${token}` } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('data-testid="homepage-deleted"')
    expect(html).toContain('Homepage deleted')
    expect(html).not.toContain('data-island="RealtorEditor"')
  })
})

describe('POST /v1/realtor/{id}/restore', () => {
  it('is for admins only: 403 for the owner, 401 signed out, 404 for no such realtor', async () => {
    const { token, realtor } = await newRealtor('restore-me')
    await remove(realtor.id, token, { address: 'restore-me' })
    expect((await api(`/v1/realtor/${realtor.id}/restore`, { method: 'POST', token })).status).toBe(403)
    expect((await api(`/v1/realtor/${realtor.id}/restore`, { method: 'POST' })).status).toBe(401)
    expect((await api('/v1/realtor/999999/restore', { method: 'POST', token: admin })).status).toBe(404)
    expect((await row(realtor.id))?.deleted_at).toBeTruthy()
  })

  it('brings the homepage back unpublished; its realtor can edit and publish again', async () => {
    const { token, realtor } = await newRealtor('comes-back')
    await remove(realtor.id, token, { address: 'comes-back' })
    const restored = await api(`/v1/realtor/${realtor.id}/restore`, { method: 'POST', token: admin })
    expect(restored.status).toBe(200)
    const body = (await restored.json()) as Realtor
    expect(body.deletedAt).toBeUndefined()
    expect(body.isMakeHomepage).toBe('N')
    expect(await row(realtor.id)).toEqual({ deleted_at: null, published: 'N' })
    const patch = await api(`/v1/realtor/${realtor.id}`, { method: 'PATCH', token, json: { isMakeHomepage: 'Y' } })
    expect(patch.status).toBe(200)
    expect((await call('/comes-back')).status).toBe(200)
  })
})

describe('the cron', () => {
  const put = (key: string) => env.PHOTOS.put(key, new Uint8Array([1, 2, 3]))
  const exists = async (key: string) => (await env.PHOTOS.head(key)) !== null

  it('removes homepages deleted over 30 days ago with their photos and contacts, and keeps the rest', async () => {
    const old = await newRealtor('long-gone')
    const recent = await newRealtor('recently-gone')
    const live = await newRealtor('still-here')
    const keys = {
      old: [`realtors/${old.realtor.id}/a.jpg`, `realtors/${old.realtor.id}/unsaved.png`],
      shared: `realtors/${old.realtor.id}/shared.jpg`,
      recent: `realtors/${recent.realtor.id}/b.jpg`,
      live: `realtors/${live.realtor.id}/c.jpg`,
    }
    for (const key of [...keys.old, keys.shared, keys.recent, keys.live]) await put(key)
    await api(`/v1/realtor/${old.realtor.id}`, {
      method: 'PATCH',
      token: old.token,
      json: { photos: [{ path: 'id', imageType: 'fullsize', url: `/photos/${keys.old[0]}` }] },
    })
    // Another realtor's profile holds one of its photos: a save can no longer add it (decision 080), but a
    // profile imported before that rule can hold it, and that one stays.
    const shared = [{ path: 'top', imageType: 'fullsize', url: `http://127.0.0.1:8787/photos/${keys.shared}` }]
    const refused = await api(`/v1/realtor/${live.realtor.id}`, {
      method: 'PATCH',
      token: live.token,
      json: { photos: shared },
    })
    expect(refused.status).toBe(400)
    await env.DB.prepare('UPDATE realtors SET profile = json_set(profile, ?, json(?)) WHERE id = ?')
      .bind('$.photos', JSON.stringify(shared), live.realtor.id)
      .run()
    await env.DB.prepare(
      `INSERT INTO realtor_contacts (realtor_id, name, last_name, first_name, email, phone, phone_country_code, message, is_term)
       VALUES (?, 'Kim Ana', 'Kim', 'Ana', 'ana@example.com', '9495550142', 'US', 'Hello', 'Y')`,
    )
      .bind(old.realtor.id)
      .run()
    await remove(old.realtor.id, old.token, { address: 'long-gone' })
    await remove(recent.realtor.id, recent.token, { address: 'recently-gone' })
    await env.DB.prepare(
      "UPDATE realtors SET deleted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-31 days') WHERE id = ?",
    )
      .bind(old.realtor.id)
      .run()
    await env.DB.prepare(
      "UPDATE realtors SET deleted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-29 days') WHERE id = ?",
    )
      .bind(recent.realtor.id)
      .run()

    const ctx = createExecutionContext()
    worker.scheduled({ cron: '*/5 * * * *', scheduledTime: Date.now(), noRetry() {} } as ScheduledController, env, ctx)
    await waitOnExecutionContext(ctx)

    expect(await row(old.realtor.id)).toBeNull()
    for (const key of keys.old) expect(await exists(key), key).toBe(false)
    expect(await exists(keys.shared)).toBe(true)
    const contacts = await env.DB.prepare('SELECT COUNT(*) AS n FROM realtor_contacts WHERE realtor_id = ?')
      .bind(old.realtor.id)
      .first<{ n: number }>()
    expect(contacts?.n).toBe(0)
    expect((await row(recent.realtor.id))?.deleted_at).toBeTruthy()
    expect(await exists(keys.recent)).toBe(true)
    expect(await row(live.realtor.id)).toEqual({ deleted_at: null, published: 'Y' })
    expect(await exists(keys.live)).toBe(true)
    // Its account stays (without a homepage); its address is free again for a new homepage.
    expect((await newRealtor('long-gone', 'another@lifecycle.test')).realtor.desiredUrl).toBe('long-gone')
  })

  it('does a bounded batch per run', async () => {
    const ids: number[] = []
    for (const name of ['batch-a', 'batch-b', 'batch-c']) {
      const { token, realtor } = await newRealtor(name)
      await remove(realtor.id, token, { address: name })
      ids.push(realtor.id)
    }
    await env.DB.prepare(
      `UPDATE realtors SET deleted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-40 days') WHERE id IN (${ids.join(',')})`,
    ).run()
    expect(await purgeDeletedHomepages(env.DB, env.PHOTOS, { batch: 2 })).toMatchObject({ realtors: 2 })
    expect(await purgeDeletedHomepages(env.DB, env.PHOTOS, { batch: 2 })).toMatchObject({ realtors: 1 })
    expect(await purgeDeletedHomepages(env.DB, env.PHOTOS, { batch: 2 })).toMatchObject({ realtors: 0 })
  })
})
