// Links as realtors paste them (docs/decisions/104-pasted-links.md): every YouTube form YouTube hands out is
// stored as the one `https://www.youtube.com/…` form the spec's validator expects, a KakaoTalk ID or Kakao link
// as Kakao writes it; what is neither is refused with its own message in both languages.
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { kakaoIdOf } from '../../src/lib/kakao'
import {
  kakaoLinkSchema,
  realtorPatchSchema,
  videoUrlSchema,
  youtubeChannelSchema,
} from '../../src/lib/realtors/schema'
import { localizeIssues } from '../../src/lib/validation'
import { youtubeId, youtubeVideo } from '../../src/lib/youtube'

const ID = 'dQw4w9WgXcQ'
const WATCH = `https://www.youtube.com/watch?v=${ID}`

/** Each value is refused, with the message in Korean and English (`en` alone may be a pattern). */
function expectRefused(schema: z.ZodType, values: string[], messages: { ko: string; en: string } | { en: RegExp }) {
  for (const value of values) {
    const result = schema.safeParse(value)
    expect(result.success, value).toBe(false)
    const [ko, en] = (['ko', 'en'] as const).map((locale) => localizeIssues(result.error!.issues, locale)[0]!.message)
    if ('ko' in messages) expect({ ko, en }, value).toEqual(messages)
    else expect(en, value).toMatch(messages.en)
  }
}

describe('a pasted YouTube video', () => {
  it('is stored as https://www.youtube.com/watch?v=ID, whichever link YouTube gave', () => {
    const pasted = [
      `https://youtu.be/${ID}`,
      `youtu.be/${ID}`,
      `https://youtu.be/${ID}?si=AbCdEfGhIjKlMnOp`,
      `https://youtube.com/watch?v=${ID}`,
      `youtube.com/watch?v=${ID}&feature=share`,
      `https://m.youtube.com/watch?v=${ID}&list=PL123&index=2`,
      `m.youtube.com/watch?v=${ID}`,
      `http://www.youtube.com/watch?v=${ID}`,
      `  ${WATCH}  `,
      `www.youtube.com/shorts/${ID}`,
      `https://youtube.com/shorts/${ID}?feature=share`,
      `https://www.youtube.com/live/${ID}?si=x`,
      `https://www.youtube.com/embed/${ID}`,
      `https://www.youtube-nocookie.com/embed/${ID}?rel=0`,
      `HTTPS://YOUTU.BE/${ID}`,
      WATCH,
    ]
    for (const value of pasted) expect(videoUrlSchema.parse(value), value).toBe(WATCH)
  })

  it('keeps the start time of a link that names one, in seconds, and drops a zero', () => {
    expect(videoUrlSchema.parse(`youtu.be/${ID}?si=abc&t=42`)).toBe(`${WATCH}&t=42`)
    expect(videoUrlSchema.parse(`https://www.youtube.com/watch?v=${ID}&t=1m30s`)).toBe(`${WATCH}&t=90`)
    expect(videoUrlSchema.parse(`https://www.youtube.com/embed/${ID}?start=75`)).toBe(`${WATCH}&t=75`)
    expect(videoUrlSchema.parse(`https://youtu.be/${ID}?t=0`)).toBe(WATCH)
    expect(videoUrlSchema.parse(`https://youtu.be/${ID}?t=soon`)).toBe(WATCH)
    expect(youtubeVideo(`${WATCH}&t=42`)).toEqual({ id: ID, start: 42 })
  })

  it('refuses a channel in the recommended video with a message of its own', () => {
    expectRefused(
      videoUrlSchema,
      ['https://www.youtube.com/@janekimhomes', 'youtube.com/channel/UCabcdefghijklmnopqrstuv'],
      {
        ko: '영상이 아니라 채널 링크입니다. 영상에서 공유 → 링크 복사를 눌러 받은 링크를 붙여 넣어 주세요.',
        en: 'This link is to a channel, not a video. On the video, choose Share → Copy link and paste that here.',
      },
    )
  })

  it('refuses other hosts, look-alikes and links that name no video', () => {
    expectRefused(
      videoUrlSchema,
      [
        'https://vimeo.com/123456',
        `https://youtube.com.evil.example/watch?v=${ID}`,
        `https://evil.example/watch?v=${ID}`,
        `https://youtu.be.evil.example/${ID}`,
        `https://www.youtube.com:8080/watch?v=${ID}`,
        `https://user@youtu.be/${ID}`,
        'https://www.youtube.com/watch?v="><script>',
        'https://www.youtube.com/watch?v=short',
        'https://www.youtube.com/',
        'https://www.youtube.com/playlist?list=PL123',
        'https://youtu.be/',
        `ftp://youtu.be/${ID}`,
        `//youtu.be/${ID}`,
        ID,
      ],
      { en: /^Paste the link of a YouTube video/ },
    )
  })

  it('gives the homepage the id of a stored or pasted link, and none for anything else', () => {
    expect(youtubeId(WATCH)).toBe(ID)
    expect(youtubeId(`https://youtu.be/${ID}`)).toBe(ID)
    expect(youtubeId(`https://www.youtube.com/embed/${ID}`)).toBe(ID)
    expect(youtubeId('https://www.youtube.com/@janekimhomes')).toBeNull()
    expect(youtubeId(`https://evil.example/watch?v=${ID}`)).toBeNull()
    expect(youtubeId('https://www.youtube.com/watch?v="><script>')).toBeNull()
  })
})

describe("the realtor's YouTube channel", () => {
  it('is stored on https://www.youtube.com/, a channel by its address, a video as a video', () => {
    const cases: [string, string][] = [
      ['youtube.com/@janekimhomes', 'https://www.youtube.com/@janekimhomes'],
      ['https://m.youtube.com/@janekimhomes/videos?si=x', 'https://www.youtube.com/@janekimhomes'],
      ['http://www.youtube.com/c/JaneKimHomes', 'https://www.youtube.com/c/JaneKimHomes'],
      [
        'https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv/featured',
        'https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv',
      ],
      ['www.youtube.com/user/janekim', 'https://www.youtube.com/user/janekim'],
      ['https://www.youtube.com/@%EA%B9%80%EC%A0%9C%EC%9D%B8', 'https://www.youtube.com/@%EA%B9%80%EC%A0%9C%EC%9D%B8'],
      ['https://www.youtube.com/@김제인', 'https://www.youtube.com/@%EA%B9%80%EC%A0%9C%EC%9D%B8'],
      [`https://youtu.be/${ID}`, WATCH],
    ]
    for (const [pasted, stored] of cases) expect(youtubeChannelSchema.parse(pasted), pasted).toBe(stored)
  })

  it('refuses anything not on YouTube, in both languages', () => {
    expectRefused(
      youtubeChannelSchema,
      [
        'https://instagram.com/janekim',
        'https://www.youtube.com/channel/short',
        'https://www.youtube.com/@%3Cscript%3E',
        'janekim',
      ],
      {
        ko: '유튜브 채널 주소(예: https://www.youtube.com/@내채널)나 내 영상 링크를 붙여 넣어 주세요.',
        en: 'Paste your YouTube channel address, such as https://www.youtube.com/@yourname, or a link to one of your videos.',
      },
    )
  })
})

describe('KakaoTalk', () => {
  it('takes an ID as Kakao writes it: lowercase, without a leading @', () => {
    const cases: [string, string][] = [
      ['jane.kim', 'jane.kim'],
      ['@jane.kim', 'jane.kim'],
      ['JaneKim_01', 'janekim_01'],
      [' jane-kim ', 'jane-kim'],
      ['1234', '1234'],
      ['abcdefghijklmno', 'abcdefghijklmno'],
    ]
    for (const [typed, stored] of cases) expect(kakaoLinkSchema.parse(typed), typed).toBe(stored)
  })

  it('stores a Kakao open-chat, channel or QR link with https://, without its query', () => {
    const cases: [string, string][] = [
      ['open.kakao.com/o/sJaneKim', 'https://open.kakao.com/o/sJaneKim'],
      ['https://open.kakao.com/o/sJaneKim?utm_source=x#top', 'https://open.kakao.com/o/sJaneKim'],
      ['http://open.kakao.com/me/janekim', 'https://open.kakao.com/me/janekim'],
      ['pf.kakao.com/_xAbCd', 'https://pf.kakao.com/_xAbCd'],
      ['https://PF.KAKAO.COM/_xAbCd/chat/', 'https://pf.kakao.com/_xAbCd/chat'],
      ['qr.kakao.com/talk/AbC-dEf', 'https://qr.kakao.com/talk/AbC-dEf'],
    ]
    for (const [pasted, stored] of cases) expect(kakaoLinkSchema.parse(pasted), pasted).toBe(stored)
  })

  it('still takes another site link as before', () => {
    expect(kakaoLinkSchema.parse('https://linktr.ee/janekim')).toBe('https://linktr.ee/janekim')
    expect(kakaoLinkSchema.parse('linktr.ee/janekim')).toBe('https://linktr.ee/janekim')
  })

  it('refuses what is neither an ID nor a link, in both languages', () => {
    expectRefused(
      kakaoLinkSchema,
      [
        'abc',
        'abcdefghijklmnop',
        'jane kim',
        '제인',
        'jane!kim',
        'my-realty-site.com',
        'open.kakao.com',
        'https://open.kakao.com/',
        'javascript:alert(1)',
        'ftp://open.kakao.com/o/x',
      ],
      {
        ko: '카카오톡 ID(영문 소문자·숫자·. _ - 4~15자)나 오픈채팅 링크(https://open.kakao.com/o/…)를 입력해 주세요.',
        en: 'Enter your KakaoTalk ID (4–15 lowercase letters, numbers, . _ or -) or an open-chat link (https://open.kakao.com/o/…).',
      },
    )
  })

  it('the homepage reads a stored ID as an ID and a link as no ID', () => {
    expect(kakaoIdOf('jane.kim')).toBe('jane.kim')
    expect(kakaoIdOf('https://open.kakao.com/o/sJaneKim')).toBeNull()
    expect(kakaoIdOf('')).toBeNull()
  })
})

describe('the realtor patch', () => {
  it('stores the canonical forms and keeps an empty value empty', () => {
    expect(
      realtorPatchSchema.parse({
        recommendedYoutubeUrl: `youtu.be/${ID}?si=abc`,
        snsYoutubeUrl: 'youtube.com/@janekimhomes',
        kakaoLink: '@Jane.Kim',
      }),
    ).toEqual({
      recommendedYoutubeUrl: WATCH,
      snsYoutubeUrl: 'https://www.youtube.com/@janekimhomes',
      kakaoLink: 'jane.kim',
    })
    expect(realtorPatchSchema.parse({ recommendedYoutubeUrl: '', snsYoutubeUrl: '', kakaoLink: '' })).toEqual({
      recommendedYoutubeUrl: '',
      snsYoutubeUrl: '',
      kakaoLink: '',
    })
  })
})
