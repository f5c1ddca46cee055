import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Realtor } from '../../src/lib/realtors/types'
import { signSession } from '../../src/lib/session'
import { call } from '../helpers'
import { ADMIN, api, EQUITY, errorOf, JANE, login } from './client'

let admin: string
let jane: string
let equity: string

beforeAll(async () => {
  admin = await login(ADMIN)
  jane = await login(JANE)
  equity = await login(EQUITY)
})

const profileOf = async (id: number) => (await (await api(`/v1/realtor/${id}`)).json()) as Realtor

describe('GET /v1/realtor/{key}', () => {
  it('finds a realtor by id, desiredUrl (any case) and encoded homepage origin, without a token', async () => {
    for (const key of ['2', 'janekim', 'JaneKim', encodeURIComponent('https://janekim.example')]) {
      const response = await api(`/v1/realtor/${key}`)
      expect(response.status, key).toBe(200)
      const realtor = (await response.json()) as Realtor
      expect(realtor).toMatchObject({
        id: 2,
        desiredUrl: 'janekim',
        name: 'Jane Kim',
        hompageUrl: 'https://janekim.example',
      })
    }
  })

  it('returns every §3 field, with empty lists for missing photos, etcInfo and additionalSections', async () => {
    const realtor = await profileOf(1)
    for (const field of ['photos', 'etcInfo', 'additionalSections', 'activityRegion']) {
      expect(Array.isArray(realtor[field as keyof Realtor]), field).toBe(true)
    }
    expect(Object.keys(realtor).sort()).toEqual(
      [
        'id',
        'userId',
        'name',
        'contactPhone',
        'email',
        'kakaoLink',
        'photos',
        'etcInfo',
        'activityRegion',
        'snsYoutubeUrl',
        'snsInstagramUrl',
        'aboutMeKr',
        'aboutMeEn',
        'desiredUrl',
        'salesCount',
        'licenseNumber',
        'careerStart',
        'careerEnd',
        'designFontSize',
        'designMainColor',
        'designMainDarkMode',
        'contentDarkMode',
        'isMakeHomepage',
        'hompageUrl',
        'lastYearSalesTotal',
        'recommendedYoutubeUrl',
        'additionalSections',
        'seoMeta',
        'madeForRealtor',
        'ppProfileId',
        'buyerPrompt',
        'buyerPromptViews',
        // Issue 33: the design, testimonials and the homepage's section order.
        'designTemplate',
        'testimonials',
        'sectionOrder',
      ].sort(),
    )
  })

  it('answers an unknown realtor with a JSON 404', async () => {
    const response = await api('/v1/realtor/nobody')
    expect(response.status).toBe(404)
    expect(await errorOf(response)).toMatchObject({ code: 'not_found' })
  })
})

describe('POST /v1/realtor', () => {
  it('creates a realtor for an admin: 201 with defaults filled in', async () => {
    const response = await api('/v1/realtor', {
      method: 'POST',
      token: admin,
      json: {
        desiredUrl: 'new-agent',
        contactPhone: '949-555-0100',
        activityRegion: [{ state: 'CA', city: 'Irvine' }],
      },
    })
    expect(response.status).toBe(201)
    const created = (await response.json()) as Realtor
    expect(created).toMatchObject({ desiredUrl: 'new-agent', userId: null, photos: [], designMainColor: '#1f4e79' })
    expect(created.activityRegion).toEqual([{ state: 'CA', city: 'Irvine', neighborhood: '', zipcode: '' }])
    // A new homepage starts unpublished: unknown to the public, readable by admins (043).
    expect(created.isMakeHomepage).toBe('N')
    expect((await api('/v1/realtor/new-agent')).status).toBe(404)
    expect((await api('/v1/realtor/new-agent', { token: admin })).status).toBe(200)
  })

  it('refuses a signed-out caller with 401 and writes nothing', async () => {
    const response = await api('/v1/realtor', { method: 'POST', json: { desiredUrl: 'ghost' } })
    expect(response.status).toBe(401)
    expect((await api('/v1/realtor', { method: 'POST', json: { desiredUrl: 'bad1' } })).status).toBe(401)
    expect((await api('/v1/realtor/ghost')).status).toBe(404)
  })

  it('refuses a forged or expired token with 401', async () => {
    const forged = `${jane.split('.')[0]}.AAAA`
    expect((await api('/v1/realtor', { method: 'POST', token: forged, json: { desiredUrl: 'x' } })).status).toBe(401)
    const user = {
      id: 2,
      email: 'janekim@realtor.local',
      name: 'Jane Kim',
      role: 'admin' as const,
      realtorId: 2,
      tokenVersion: 0,
    }
    const eightDaysAgo = Date.now() - 8 * 24 * 60 * 60 * 1000
    const expired = await signSession(user, env.SESSION_SECRET, eightDaysAgo)
    expect((await api('/v1/realtor', { method: 'POST', token: expired, json: { desiredUrl: 'x' } })).status).toBe(401)
    const otherSecret = await signSession(user, 'a-different-secret-of-enough-length')
    expect((await api('/v1/realtor', { method: 'POST', token: otherSecret, json: { desiredUrl: 'x' } })).status).toBe(
      401,
    )
    expect((await api('/v1/realtor/x')).status).toBe(404)
  })

  it('refuses bad fields with 400 naming each field, in the caller language', async () => {
    const bad = { desiredUrl: 'bad1', designMainColor: 'red', email: 'a@b', careerStart: '2020-13-01', role: 'admin' }
    const ko = await api('/v1/realtor', { method: 'POST', token: admin, json: bad })
    expect(ko.status).toBe(400)
    const error = await errorOf(ko)
    expect(error.code).toBe('bad_request')
    expect(Object.fromEntries(error.fields!.map((f) => [f.path, f.message]))).toEqual({
      desiredUrl: '영문자, 밑줄(_), 하이픈(-)만 사용할 수 있습니다.',
      designMainColor: '색상은 # 뒤에 16진수 6자리여야 합니다.',
      email: '올바른 이메일 주소를 입력해 주세요.',
      careerStart: '날짜는 YYYY-MM-DD 형식이어야 합니다.',
      role: '입력할 수 없는 항목입니다.',
    })
    const en = await api('/v1/realtor', {
      method: 'POST',
      token: admin,
      json: bad,
      headers: { 'accept-language': 'en' },
    })
    expect((await errorOf(en)).fields).toContainEqual({ path: 'email', message: 'Enter a valid email address.' })
  })

  it('refuses protected fields (id, userId, name) and a taken desiredUrl', async () => {
    const protectedFields = await api('/v1/realtor', {
      method: 'POST',
      token: admin,
      json: { desiredUrl: 'someone', id: 99, userId: 1, name: 'Hacker' },
    })
    expect(protectedFields.status).toBe(400)
    expect((await errorOf(protectedFields)).fields!.map((f) => f.path).sort()).toEqual(['id', 'name', 'userId'])
    const taken = await api('/v1/realtor', { method: 'POST', token: admin, json: { desiredUrl: 'JANEKIM' } })
    expect(taken.status).toBe(409)
    expect((await errorOf(taken)).fields).toEqual([{ path: 'desiredUrl', message: '이미 사용 중인 주소입니다.' }])
  })

  it('lets a realtor account create only one profile, its own', async () => {
    const response = await api('/v1/realtor', { method: 'POST', token: jane, json: { desiredUrl: 'second-jane' } })
    expect(response.status).toBe(409)
    expect((await errorOf(response)).fields![0]!.path).toBe('userId')
  })
})

describe('PATCH /v1/realtor/{id}', () => {
  it('updates the owner profile: 200, fields merged, lists replaced, name unchanged', async () => {
    const photos = [{ path: 'logo', imageType: 'thumbnail', url: '/photos/seed/janekim/logo.png' }]
    const response = await api('/v1/realtor/2', {
      method: 'PATCH',
      token: jane,
      json: { aboutMeEn: 'Hello from Johns Creek', photos, designMainDarkMode: 'Y' },
    })
    expect(response.status).toBe(200)
    const updated = (await response.json()) as Realtor
    expect(updated).toMatchObject({
      aboutMeEn: 'Hello from Johns Creek',
      photos,
      designMainDarkMode: 'Y',
      name: 'Jane Kim',
    })
    expect(updated.hompageUrl).toBe('https://janekim.example')
  })

  it('lets an admin update any realtor', async () => {
    const response = await api('/v1/realtor/1', { method: 'PATCH', token: admin, json: { salesCount: 120 } })
    expect(response.status).toBe(200)
    expect((await profileOf(1)).salesCount).toBe(120)
  })

  it("refuses another realtor's profile with 403 and leaves it unchanged", async () => {
    const before = await profileOf(1)
    const response = await api('/v1/realtor/1', { method: 'PATCH', token: jane, json: { aboutMeKr: '탈취' } })
    expect(response.status).toBe(403)
    expect(await profileOf(1)).toEqual(before)
  })

  it('checks the merged profile: a career end before the stored start is a 400', async () => {
    await api('/v1/realtor/2', { method: 'PATCH', token: jane, json: { careerStart: '2015-03-01' } })
    const response = await api('/v1/realtor/2', { method: 'PATCH', token: jane, json: { careerEnd: '2010-01-01' } })
    expect(response.status).toBe(400)
    expect((await errorOf(response)).fields).toEqual([
      { path: 'careerEnd', message: '경력 종료일은 시작일 이후여야 합니다.' },
    ])
    expect((await profileOf(2)).careerEnd).toBe('')
  })

  it('answers 404 for an unknown id and 401 without a token', async () => {
    expect((await api('/v1/realtor/999', { method: 'PATCH', token: admin, json: {} })).status).toBe(404)
    expect((await api('/v1/realtor/2', { method: 'PATCH', json: { salesCount: 1 } })).status).toBe(401)
  })

  it('refuses a body over the limit with a JSON 413', async () => {
    const response = await api('/v1/realtor/2', {
      method: 'PATCH',
      token: jane,
      json: { aboutMeKr: 'a'.repeat(3 * 1024 * 1024) },
    })
    expect(response.status).toBe(413)
    expect((await errorOf(response)).code).toBe('payload_too_large')
  })

  it('refuses malformed JSON with 400', async () => {
    const response = await api('/v1/realtor/2', {
      method: 'PATCH',
      token: jane,
      headers: { 'content-type': 'application/json' },
      body: '{"salesCount":',
    })
    expect(response.status).toBe(400)
    expect((await errorOf(response)).code).toBe('bad_request')
  })

  it('shows the change on the realtor homepage at once (the page cache is purged)', async () => {
    const before = await call('/janekim')
    expect(before.status).toBe(200)
    await api('/v1/realtor/2', {
      method: 'PATCH',
      token: admin,
      json: { seoMeta: { ko: { description: '새 소개 문구' } } },
    })
    const after = await (await call('/janekim')).text()
    expect(after).toContain('새 소개 문구')
  })
})

describe('DELETE /v1/realtor/{id}', () => {
  it("refuses another realtor's profile (403) and a signed-out caller (401)", async () => {
    expect((await api('/v1/realtor/1', { method: 'DELETE', token: jane })).status).toBe(403)
    expect((await api('/v1/realtor/1', { method: 'DELETE' })).status).toBe(401)
    expect((await api('/v1/realtor/1')).status).toBe(200)
  })

  it('deletes for an admin who types the address: 200, then 404 for public reads and the homepage', async () => {
    const created = (await (
      await api('/v1/realtor', { method: 'POST', token: admin, json: { desiredUrl: 'leaving-soon' } })
    ).json()) as Realtor
    const remove = () =>
      api(`/v1/realtor/${created.id}`, { method: 'DELETE', token: admin, json: { address: 'leaving-soon' } })
    const response = await remove()
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ id: created.id, deleted: true })
    expect((await api('/v1/realtor/leaving-soon')).status).toBe(404)
    expect((await call('/leaving-soon')).status).toBe(404)
    // Kept 30 days (docs/decisions/047-site-lifecycle.md): a second delete is refused as gone.
    expect((await remove()).status).toBe(410)
  })

  it('lets a realtor delete its own profile (soft: kept until the cron removes it)', async () => {
    const response = await api('/v1/realtor/1', { method: 'DELETE', token: equity, json: { address: 'equityrealty' } })
    expect(response.status).toBe(200)
    expect(await env.DB.prepare('SELECT deleted_at FROM realtors WHERE id = 1').first('deleted_at')).toBeTruthy()
  })
})
