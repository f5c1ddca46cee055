// Compliance by default (issue 31, docs/decisions/101-compliance-by-default.md): a homepage is published only
// with the realtor's license and the brokerage's name; the API's refusal names what is missing, in the
// caller's language, under the label of the realtor's state, and writes nothing.
import { beforeAll, describe, expect, it } from 'vitest'
import type { Realtor } from '../../src/lib/realtors/types'
import { ADMIN, api, errorOf, login, realtorAccount } from './client'

let admin: string

beforeAll(async () => {
  admin = await login(ADMIN)
})

/** A new realtor account's homepage (unpublished, as every new one starts), with `profile` saved on it. */
async function homepage(desiredUrl: string, profile: object = {}): Promise<{ id: number; token: string }> {
  const made = await realtorAccount(admin, desiredUrl, 'compliance.test')
  if (Object.keys(profile).length > 0) expect((await patch(made.id, made.token, profile)).status).toBe(200)
  return made
}

const patch = (id: number, token: string, json: object, language = 'en') =>
  api(`/v1/realtor/${id}`, { method: 'PATCH', token, json, headers: { 'accept-language': language } })

const stored = async (id: number, token: string) =>
  (await (await api(`/v1/realtor/${id}`, { token })).json()) as Realtor

const CA = [{ state: 'CA', city: 'Irvine', neighborhood: '', zipcode: '' }]
const GA = [{ state: 'GA', city: 'Duluth', neighborhood: '', zipcode: '' }]
const BROKERAGE = { contentType: 'company_name', content: 'Irvine Pacific Realty' }

describe('publishing (PATCH isMakeHomepage Y)', () => {
  it('is refused without license and brokerage: 409 naming both under California’s label, in en and ko', async () => {
    const { id, token } = await homepage('comply-ca', { activityRegion: CA })
    const en = await patch(id, token, { isMakeHomepage: 'Y' })
    expect(en.status).toBe(409)
    const error = await errorOf(en)
    expect(error.code).toBe('publish_incomplete')
    expect(error.message).toBe(
      "To publish, first fill in and save: DRE # and Brokerage name. Licensing rules require them in your homepage's footer.",
    )
    expect(error.fields).toEqual([
      { path: 'licenseNumber', message: 'Required to publish.' },
      { path: 'etcInfo.company_name', message: 'Required to publish.' },
    ])
    const ko = await errorOf(await patch(id, token, { isMakeHomepage: 'Y' }, 'ko'))
    expect(ko.message).toBe(
      '공개하려면 먼저 다음 항목을 입력하고 저장해 주세요: DRE 면허 번호 및 소속 중개회사 이름. 면허 규정상 홈페이지 하단에 표시해야 하는 정보입니다.',
    )
    expect(ko.fields?.map((field) => field.message)).toEqual([
      '공개하려면 입력해야 합니다.',
      '공개하려면 입력해야 합니다.',
    ])
    expect((await stored(id, token)).isMakeHomepage).toBe('N')
  })

  it('names only what is missing, under Georgia’s label, and a license alone is not enough', async () => {
    const { id, token } = await homepage('comply-ga', { activityRegion: GA, licenseNumber: '358812' })
    const error = await errorOf(await patch(id, token, { isMakeHomepage: 'Y' }))
    expect(error.fields?.map((field) => field.path)).toEqual(['etcInfo.company_name'])
    expect(error.message).toContain('first fill in and save: Brokerage name.')
    const brokerOnly = await homepage('comply-ga-b', { activityRegion: GA, etcInfo: [BROKERAGE] })
    const ko = await errorOf(await patch(brokerOnly.id, brokerOnly.token, { isMakeHomepage: 'Y' }, 'ko'))
    expect(ko.message).toContain('입력하고 저장해 주세요: 면허 번호.')
    // Blank text is no license.
    const blank = await patch(id, token, { isMakeHomepage: 'Y', licenseNumber: '   ', etcInfo: [BROKERAGE] })
    expect(blank.status).toBe(409)
    expect((await stored(id, token)).etcInfo).toEqual([])
  })

  it('is accepted once both are there, saved first or in the same write, and the homepage is public', async () => {
    const { id, token } = await homepage('comply-ok', { activityRegion: CA, licenseNumber: '02199876' })
    const published = await patch(id, token, { isMakeHomepage: 'Y', etcInfo: [BROKERAGE] })
    expect(published.status, await published.clone().text()).toBe(200)
    expect(((await published.json()) as Realtor).isMakeHomepage).toBe('Y')
    expect((await api('/v1/realtor/comply-ok')).status).toBe(200)
  })

  it('keeps a published homepage whole: clearing the license or the brokerage is refused, other saves pass', async () => {
    const { id, token } = await homepage('comply-keep', { activityRegion: CA, licenseNumber: '02199876' })
    expect((await patch(id, token, { isMakeHomepage: 'Y', etcInfo: [BROKERAGE] })).status).toBe(200)
    const cleared = await patch(id, token, { licenseNumber: '' })
    expect(cleared.status).toBe(409)
    expect((await errorOf(cleared)).fields?.map((field) => field.path)).toEqual(['licenseNumber'])
    expect((await patch(id, token, { etcInfo: [] })).status).toBe(409)
    expect((await patch(id, token, { aboutMeEn: 'Selling homes in Irvine.' })).status).toBe(200)
    expect(await stored(id, token)).toMatchObject({ licenseNumber: '02199876', etcInfo: [BROKERAGE] })
    // Unpublishing needs nothing.
    expect((await patch(id, token, { isMakeHomepage: 'N', licenseNumber: '' })).status).toBe(200)
  })

  it('refuses an admin’s new homepage created published without them, and an import that publishes one', async () => {
    const created = await api('/v1/realtor', {
      method: 'POST',
      token: admin,
      json: { desiredUrl: 'comply-new', isMakeHomepage: 'Y' },
    })
    expect(created.status).toBe(409)
    expect((await errorOf(created)).code).toBe('publish_incomplete')
    expect((await api('/v1/realtor/comply-new', { token: admin })).status).toBe(404)
    const { id, token } = await homepage('comply-import')
    const form = new FormData()
    form.set('realtorId', String(id))
    const file = JSON.stringify({ desiredUrl: 'comply-import', isMakeHomepage: 'Y' })
    form.set('file', new File([file], 'realtor.json', { type: 'application/json' }))
    const imported = await api(`/v1/realtor/import/${id}`, { method: 'POST', token, body: form })
    expect(imported.status).toBe(409)
    expect((await stored(id, token)).isMakeHomepage).toBe('N')
  })
})
