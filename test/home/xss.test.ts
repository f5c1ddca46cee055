// Hostile strings in every text field of a realtor render as text: no element, attribute or URL of theirs.
import { describe, expect, it } from 'vitest'
import type { Realtor } from '../../src/lib/realtors/types'
import { createApp } from '../../src/worker'
import { fixtureStore } from '../fixtures/fixture-realtors'
import { RICH } from '../fixtures/rich-realtor'
import { XSS_PAYLOADS } from '../fixtures/xss-payloads'
import { call } from '../helpers'

function hostile(payload: string): Realtor {
  const seo = { title: payload, description: payload, keywords: payload, author: payload }
  return {
    ...RICH,
    name: payload,
    contactPhone: payload,
    email: payload,
    kakaoLink: payload,
    snsYoutubeUrl: payload,
    snsInstagramUrl: payload,
    recommendedYoutubeUrl: payload,
    aboutMeKr: payload,
    aboutMeEn: payload,
    licenseNumber: payload,
    careerStart: payload,
    careerEnd: payload,
    designMainColor: payload,
    hompageUrl: 'https://grace.example',
    activityRegion: [{ state: 'CA', city: payload, neighborhood: payload, zipcode: payload }],
    photos: RICH.photos.map((photo) => ({ ...photo, url: payload })),
    etcInfo: RICH.etcInfo.map((item) => ({ ...item, content: payload })),
    additionalSections: [{ title: payload, content: payload, titleEn: payload, contentEn: payload }],
    seoMeta: { ko: seo, en: seo },
  }
}

/** Every start tag of the page with its quoted attribute values removed. */
function tagsWithoutValues(html: string): string[] {
  const withoutData = html.replace(/<script type="application\/(?:ld\+)?json"[^>]*>[^<]*<\/script>/g, '')
  return (withoutData.match(/<[a-zA-Z][^>]*>/g) ?? []).map((tag) => tag.replace(/="[^"]*"/g, '=""'))
}

describe('XSS corpus in realtor fields', () => {
  it.each(XSS_PAYLOADS.map((p, i) => [i, p] as const))(
    'payload %i renders escaped in ko and en',
    async (_, payload) => {
      const app = createApp({ realtors: () => fixtureStore([hostile(payload)]) })
      for (const path of ['/rich-agent', '/en/rich-agent', '/rich-agent/process', '/en/rich-agent/terms']) {
        const response = await call(path, { app })
        expect(response.status).toBe(200)
        const html = await response.text()
        for (const tag of tagsWithoutValues(html)) {
          expect(tag).not.toMatch(/data-xss|\son\w+=|<(iframe|object|embed|base|math|marquee|isindex|xmp)\b/i)
        }
        expect(html).not.toMatch(/<script>|<script src="data|<script type="text\/javascript"/i)
        expect(html).not.toMatch(/(?:href|src|srcset|action|formaction|poster)="\s*(?:javascript|vbscript|data):/i)
        for (const block of html.match(/<script type="application\/(?:ld\+)?json"[^>]*>[^<]*<\/script>/g) ?? []) {
          expect(block.slice(block.indexOf('>') + 1, -'</script>'.length)).not.toMatch(/[<>]/)
        }
        expect(html).toMatch(/--brand:#1f4e79/)
      }
    },
  )
})
