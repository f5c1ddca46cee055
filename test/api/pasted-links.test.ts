// The realtor API stores links as realtors paste them in their one canonical form, and refuses what is no
// YouTube or KakaoTalk link with a translated 400 that changes nothing (docs/decisions/104-pasted-links.md).
import { beforeAll, describe, expect, it } from 'vitest'
import type { Realtor } from '../../src/lib/realtors/types'
import { call } from '../helpers'
import { ADMIN, api, errorOf, JANE, login } from './client'

const ID = 'dQw4w9WgXcQ'
let admin: string
let jane: string

beforeAll(async () => {
  admin = await login(ADMIN)
  jane = await login(JANE)
})

const profileOf = async (id: number) => (await (await api(`/v1/realtor/${id}`)).json()) as Realtor
const patch = (json: Record<string, unknown>, language = 'ko') =>
  api('/v1/realtor/2', { method: 'PATCH', token: jane, json, headers: { 'accept-language': language } })

describe('PATCH /v1/realtor/{id} with pasted links', () => {
  it('stores a youtu.be share link, a channel handle and a KakaoTalk ID in their canonical forms', async () => {
    const response = await patch({
      recommendedYoutubeUrl: `youtu.be/${ID}?si=Xy12AbCdEf&t=42`,
      snsYoutubeUrl: 'https://m.youtube.com/@janekimhomes?si=abc',
      kakaoLink: '@Jane.Kim',
    })
    expect(response.status).toBe(200)
    const expected = {
      recommendedYoutubeUrl: `https://www.youtube.com/watch?v=${ID}&t=42`,
      snsYoutubeUrl: 'https://www.youtube.com/@janekimhomes',
      kakaoLink: 'jane.kim',
    }
    // The answer (which the editor adopts as its fields) and the stored profile both hold the canonical form.
    expect(await response.json()).toMatchObject(expected)
    expect(await profileOf(2)).toMatchObject(expected)

    // The homepage plays the stored video from its start and shows the ID as text, not as a link.
    const html = await (await call('/en/janekim')).text()
    expect(html).toContain(`href="https://www.youtube.com/watch?v=${ID}&amp;t=42"`)
    expect(html).toContain(`"id":"${ID}","start":42`)
    expect(html).toMatch(/<span>KakaoTalk<\/span> (?:<!-- -->)?ID jane\.kim<\/li>/)
    expect(html).not.toContain('href="jane.kim"')
    // JSON-LD sameAs keeps only URLs: the channel, not the ID.
    expect(html).toContain('"sameAs":["https://www.youtube.com/@janekimhomes"]')
  })

  it('stores an open-chat link without a scheme as an https link', async () => {
    const response = await patch({ kakaoLink: 'open.kakao.com/o/sJaneKim?utm_source=qr' })
    expect(response.status).toBe(200)
    expect((await profileOf(2)).kakaoLink).toBe('https://open.kakao.com/o/sJaneKim')
  })

  it('refuses a channel as the featured video, another site and a bad KakaoTalk ID: a translated 400, nothing changed', async () => {
    const before = await profileOf(2)
    const bad = {
      recommendedYoutubeUrl: 'https://www.youtube.com/@janekimhomes',
      snsYoutubeUrl: 'https://vimeo.com/janekim',
      kakaoLink: 'jane kim',
    }
    const ko = await patch(bad)
    expect(ko.status).toBe(400)
    expect(Object.fromEntries((await errorOf(ko)).fields!.map((f) => [f.path, f.message]))).toEqual({
      recommendedYoutubeUrl:
        '영상이 아니라 채널 링크입니다. 영상에서 공유 → 링크 복사를 눌러 받은 링크를 붙여 넣어 주세요.',
      snsYoutubeUrl: '유튜브 채널 주소(예: https://www.youtube.com/@내채널)나 내 영상 링크를 붙여 넣어 주세요.',
      kakaoLink:
        '카카오톡 ID(영문 소문자·숫자·. _ - 4~15자)나 오픈채팅 링크(https://open.kakao.com/o/…)를 입력해 주세요.',
    })
    const en = await patch({ recommendedYoutubeUrl: 'https://vimeo.com/1' }, 'en')
    expect(en.status).toBe(400)
    expect((await errorOf(en)).fields).toEqual([
      {
        path: 'recommendedYoutubeUrl',
        message: 'Paste the link of a YouTube video (https://youtu.be/… or https://www.youtube.com/watch?v=…).',
      },
    ])
    expect(await profileOf(2)).toEqual(before)
  })
})

describe('POST /v1/realtor with pasted links', () => {
  it('creates a profile with the canonical forms', async () => {
    const response = await api('/v1/realtor', {
      method: 'POST',
      token: admin,
      json: {
        desiredUrl: 'pasted-links',
        recommendedYoutubeUrl: `https://youtube.com/shorts/${ID}`,
        kakaoLink: 'pf.kakao.com/_xAbCd',
      },
    })
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({
      recommendedYoutubeUrl: `https://www.youtube.com/watch?v=${ID}`,
      kakaoLink: 'https://pf.kakao.com/_xAbCd',
    })
  })
})
