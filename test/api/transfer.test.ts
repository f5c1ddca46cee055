import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Realtor } from '../../src/lib/realtors/types'
import { ADMIN, api, errorOf, JANE, login } from './client'

let admin: string
let jane: string

beforeAll(async () => {
  admin = await login(ADMIN)
  jane = await login(JANE)
})

const rowOf = (id: number) => env.DB.prepare('SELECT * FROM realtors WHERE id = ?').bind(id).first()

function importForm(file: string | Blob, realtorId: string): FormData {
  const form = new FormData()
  form.set('file', typeof file === 'string' ? new File([file], 'realtor.json', { type: 'application/json' }) : file)
  form.set('realtorId', realtorId)
  return form
}

const importTo = (id: number, form: FormData, token = admin) =>
  api(`/v1/realtor/import/${id}`, { method: 'POST', token, body: form })

describe('GET /v1/realtor/export/{id}', () => {
  it('downloads the whole profile as an attachment named by id and user name', async () => {
    const response = await api('/v1/realtor/export/2', { token: jane })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="realtor-2-Jane-Kim.json"; filename*=UTF-8''realtor-2-Jane%20Kim.json`,
    )
    expect(((await response.json()) as Realtor).desiredUrl).toBe('janekim')
  })

  it("refuses a signed-out caller (401), another realtor's profile (403) and an unknown id (404)", async () => {
    expect((await api('/v1/realtor/export/2')).status).toBe(401)
    expect((await api('/v1/realtor/export/1', { token: jane })).status).toBe(403)
    expect((await api('/v1/realtor/export/999', { token: admin })).status).toBe(404)
  })
})

describe('POST /v1/realtor/import/{id}', () => {
  it('round-trips: export, change, import the export, and the profile is back exactly', async () => {
    const exported = await (await api('/v1/realtor/export/2', { token: admin })).text()
    await api('/v1/realtor/2', { method: 'PATCH', token: admin, json: { aboutMeKr: '바뀐 소개', salesCount: 7 } })
    const response = await importTo(2, importForm(exported, '2'))
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual(JSON.parse(exported))
    expect(await (await api('/v1/realtor/export/2', { token: admin })).text()).toBe(exported)
  })

  it("keeps the verified homepage address whatever the file's hompageUrl says", async () => {
    const exported = JSON.parse(await (await api('/v1/realtor/export/2', { token: admin })).text()) as Realtor
    const file = JSON.stringify({ ...exported, hompageUrl: 'https://equityrealty.example' })
    const response = await importTo(2, importForm(file, '2'))
    expect(response.status).toBe(201)
    expect(((await response.json()) as Realtor).hompageUrl).toBe('https://janekim.example')
    expect(await rowOf(2)).toMatchObject({ homepage_host: 'janekim.example' })
  })

  it('lets the owner import its own profile and refuses another realtor (403), unchanged', async () => {
    const exported = await (await api('/v1/realtor/export/2', { token: jane })).text()
    expect((await importTo(2, importForm(exported, '2'), jane)).status).toBe(201)
    const before = await rowOf(1)
    expect((await importTo(1, importForm(exported.replace('janekim', 'stolen'), '1'), jane)).status).toBe(403)
    expect(await rowOf(1)).toEqual(before)
  })

  it('refuses corrupt and hostile files whole, changing nothing', async () => {
    const exported = JSON.parse(await (await api('/v1/realtor/export/2', { token: admin })).text())
    const before = await rowOf(2)
    const hostile: [string, string, string][] = [
      ['bad JSON', '{"desiredUrl": "janekim",', 'file'],
      ['wrong types', JSON.stringify({ ...exported, salesCount: 'many' }), 'salesCount'],
      ['__proto__ key', JSON.stringify(exported).replace('{', '{"__proto__":{"isAdmin":true},'), '__proto__'],
      [
        'nested constructor key',
        JSON.stringify({ ...exported, seoMeta: { ...exported.seoMeta, constructor: { prototype: {} } } }),
        'seoMeta.constructor',
      ],
      ['huge string', JSON.stringify({ ...exported, aboutMeKr: 'a'.repeat(6000) }), 'aboutMeKr'],
      [
        'one bad item in a list',
        JSON.stringify({ ...exported, activityRegion: [{ state: 'NY', city: 'Albany' }] }),
        'activityRegion.0.state',
      ],
      ['a JSON array', '[1,2,3]', ''],
    ]
    for (const [label, file, path] of hostile) {
      const response = await importTo(2, importForm(file, '2'))
      expect(response.status, label).toBe(400)
      expect(
        (await errorOf(response)).fields?.map((f) => f.path),
        label,
      ).toContain(path)
    }
    expect(await rowOf(2)).toEqual(before)
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
  })

  it('refuses a missing file, a realtorId that differs from the address, and an oversized file', async () => {
    const missing = new FormData()
    missing.set('realtorId', '2')
    expect((await importTo(2, missing)).status).toBe(400)
    const mismatch = await importTo(2, importForm('{}', '1'))
    expect((await errorOf(mismatch)).fields).toContainEqual({
      path: 'realtorId',
      message: 'realtorId가 주소의 ID와 같아야 합니다.',
    })
    const big = await importTo(2, importForm(`{"aboutMeKr":"${'a'.repeat(1024 * 1024)}"}`, '2'))
    expect(big.status).toBe(400)
    expect((await errorOf(big)).fields).toContainEqual({ path: 'file', message: '파일이 너무 큽니다.' })
  })

  it('refuses an import whose desiredUrl belongs to another realtor with 409', async () => {
    const exported = await (await api('/v1/realtor/export/2', { token: admin })).text()
    const response = await importTo(2, importForm(exported.replace('"janekim"', '"equityrealty"'), '2'))
    expect(response.status).toBe(409)
    expect(((await (await api('/v1/realtor/2')).json()) as Realtor).desiredUrl).toBe('janekim')
  })

  it('answers 401 without a token and 404 for an unknown id', async () => {
    expect((await api('/v1/realtor/import/2', { method: 'POST', body: importForm('{}', '2') })).status).toBe(401)
    expect((await importTo(999, importForm('{}', '999'))).status).toBe(404)
  })
})
