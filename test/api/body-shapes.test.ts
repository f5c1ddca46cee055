// What the JSON APIs do with bodies that are not what they take: another content type is a 415, no
// body a 400, deeply nested JSON a 400 naming the depth — never a 5xx, and nothing changes.
import { beforeAll, describe, expect, it } from 'vitest'
import { api, errorOf, JANE, login } from './client'

let token = ''
let janeId = 0
beforeAll(async () => {
  token = await login(JANE)
  janeId = ((await (await api('/v1/realtor/janekim')).json()) as { id: number }).id
})

const aboutMe = async () => ((await (await api(`/v1/realtor/${janeId}`)).json()) as { aboutMeEn: string }).aboutMeEn

describe('PATCH with a body that is not JSON', () => {
  it.each([
    ['text/plain', 'text/plain', '{"aboutMeEn":"changed"}', 415],
    ['a form', 'application/x-www-form-urlencoded', 'aboutMeEn=changed', 415],
    [
      'multipart',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
      415,
    ],
    ['no body and no type', null, undefined, 400],
    ['an empty JSON body', 'application/json', '', 400],
    ['malformed JSON', 'application/json', '{"aboutMeEn":', 400],
  ])('%s → %i, and the realtor is unchanged', async (_, type, body, status) => {
    const before = await aboutMe()
    const headers: Record<string, string> = { 'accept-language': 'ko' }
    if (type) headers['content-type'] = type
    const response = await api(`/v1/realtor/${janeId}`, { method: 'PATCH', token, headers, body })
    expect(response.status).toBe(status)
    expect((await errorOf(response)).message).toMatch(/[가-힣]/)
    expect(await aboutMe()).toBe(before)
  })
})

/** `depth` arrays inside each other: 16 KB of JSON at 8,000. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`

describe('deeply nested JSON', () => {
  const endpoints: [string, string, boolean][] = [
    ['POST', '/v1/auth/login', false],
    ['POST', '/v1/auth/handoff/exchange', false],
    ['POST', '/v1/realtor-contacts', false],
    ['POST', '/api/send-to-slack', false],
    ['POST', '/v1/realtor', true],
    ['PATCH', '/v1/realtor/{id}', true],
    ['POST', '/v1/realtor/presigned-multi-file-upload', true],
    ['POST', '/v1/accounts', true],
  ]
  it.each(endpoints)('%s %s answers 400 to 8,000 nested arrays and objects', async (method, path, signed) => {
    for (const body of [nested(8000), deepObject(8000), `{"name":${nested(8000)}}`]) {
      const response = await api(path.replace('{id}', String(janeId)), {
        method,
        token: signed ? token : undefined,
        headers: {
          'content-type': 'application/json',
          'cf-connecting-ip': `198.51.100.${Math.floor(Math.random() * 250)}`,
        },
        body,
      })
      expect(response.status).toBeLessThan(500)
      expect([400, 413, 429]).toContain(response.status)
    }
  })

  it('an import file of deeply nested JSON is a 400', async () => {
    const form = new FormData()
    form.set('file', new File([`{"aboutMeEn":${nested(8000)}}`], 'deep.json', { type: 'application/json' }))
    form.set('realtorId', String(janeId))
    const response = await api(`/v1/realtor/import/${janeId}`, { method: 'POST', token, body: form })
    expect(response.status).toBe(400)
  })

  it('names the depth in the caller language', async () => {
    const response = await api(`/v1/realtor/${janeId}`, {
      method: 'PATCH',
      token,
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: `{"seoMeta":${deepObject(40)}}`,
    })
    expect(response.status).toBe(400)
    expect((await errorOf(response)).fields?.[0]?.message).toBe('This value is nested too deeply (at most 32 levels).')
  })
})
