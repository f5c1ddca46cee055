// GET /v1/realtor/{key} from the isolate's data cache, with a strong ETag and 304s (issue 19,
// docs/decisions/055-tag-generations.md): every write changes the answer at once, and what only an
// owner or admin may read is never kept by a shared cache. Its ETag is the version their next save names
// (docs/decisions/082-profile-versions.md).
import { beforeAll, describe, expect, it } from 'vitest'
import type { Realtor } from '../../src/lib/realtors/types'
import { PUBLISHABLE } from '../fixtures/publishable'
import { ADMIN, api, login } from './client'

let admin: string
let realtor: Realtor

beforeAll(async () => {
  admin = await login(ADMIN)
  const created = await api('/v1/realtor', { method: 'POST', token: admin, json: { desiredUrl: 'etag-check' } })
  realtor = (await created.json()) as Realtor
})

const read = (key: string | number, headers: Record<string, string> = {}, token?: string) =>
  api(`/v1/realtor/${key}`, { headers, token })
const patch = (json: object) => api(`/v1/realtor/${realtor.id}`, { method: 'PATCH', token: admin, json })

describe('GET /v1/realtor/{key} with ETag', () => {
  it('keeps an unpublished realtor from visitors; its admin reads it uncached, with its version', async () => {
    expect((await read(realtor.id)).status).toBe(404)
    const own = await read(realtor.id, {}, admin)
    expect(own.status).toBe(200)
    expect(own.headers.get('cache-control')).toBe('private, no-store')
    const etag = own.headers.get('etag')!
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    expect((await read(realtor.id, { 'if-none-match': etag }, admin)).status).toBe(304)
    // Visitors learn nothing from a tag either.
    expect((await read(realtor.id, { 'if-none-match': etag })).status).toBe(404)
  })

  it('answers a published realtor with a strong ETag, and 304 when If-None-Match names it', async () => {
    expect((await patch({ ...PUBLISHABLE, isMakeHomepage: 'Y' })).status).toBe(200)
    const first = await read(realtor.id, { origin: 'https://elsewhere.example' })
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toMatch(/^application\/json/)
    expect(first.headers.get('access-control-allow-origin')).toBe('*')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    const body = (await first.json()) as Realtor
    expect(body).toMatchObject({ id: realtor.id, desiredUrl: 'etag-check', isMakeHomepage: 'Y' })

    // The same answer by id, desiredUrl (any case): the same ETag.
    for (const key of [realtor.id, 'etag-check', 'ETag-Check'])
      expect((await read(key)).headers.get('etag'), String(key)).toBe(etag)

    for (const match of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const cached = await read(realtor.id, { 'if-none-match': match, origin: 'https://elsewhere.example' })
      expect(cached.status, match).toBe(304)
      expect(cached.headers.get('etag')).toBe(etag)
      expect(cached.headers.get('access-control-allow-origin')).toBe('*')
      expect(await cached.text()).toBe('')
    }
    expect((await read(realtor.id, { 'if-none-match': '"other"' })).status).toBe(200)
    // Its admin gets the same public answer (it is published): same ETag.
    expect((await read(realtor.id, { 'if-none-match': etag }, admin)).status).toBe(304)
  })

  it('answers 200 with a new ETag right after an edit', async () => {
    const before = (await read(realtor.id)).headers.get('etag')!
    expect((await patch({ salesCount: 77 })).status).toBe(200)
    const after = await read(realtor.id, { 'if-none-match': before })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(before)
    expect(((await after.json()) as Realtor).salesCount).toBe(77)
    expect((await read('etag-check')).headers.get('etag')).toBe(after.headers.get('etag'))
  })

  it('forgets the public answer when the homepage is unpublished again', async () => {
    const etag = (await read(realtor.id)).headers.get('etag')!
    expect((await patch({ isMakeHomepage: 'N' })).status).toBe(200)
    expect((await read(realtor.id, { 'if-none-match': etag })).status).toBe(404)
    expect((await read('etag-check')).status).toBe(404)
  })
})
