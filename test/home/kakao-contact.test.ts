// KakaoTalk on the homepage's contact section (docs/decisions/104-pasted-links.md): a stored KakaoTalk ID is
// text to look up in KakaoTalk, labelled in the page's language; a Kakao link stays a link chip.
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/worker'
import { fixtureStore } from '../fixtures/fixture-realtors'
import { RICH } from '../fixtures/rich-realtor'
import { call } from '../helpers'

async function contactOf(kakaoLink: string, path = '/en/rich-agent') {
  const app = createApp({ realtors: () => fixtureStore([{ ...RICH, kakaoLink }]) })
  const html = await (await call(path, { app })).text()
  return /<section id="contact"[\s\S]*?<\/section>/.exec(html)?.[0] ?? ''
}

describe('KakaoTalk in the contact section', () => {
  it('shows a KakaoTalk ID as labelled text in each language, with no link and no KakaoTalk chip', async () => {
    const en = await contactOf('grace.han')
    expect(en).toMatch(/<li><span>KakaoTalk<\/span> (?:<!-- -->)?ID grace\.han<\/li>/)
    expect(en).not.toContain('chip--kakao')
    expect(en).not.toMatch(/href="[^"]*grace\.han/)
    const ko = await contactOf('grace.han', '/rich-agent')
    expect(ko).toMatch(/<li><span>카카오톡<\/span> (?:<!-- -->)?ID grace\.han<\/li>/)
  })

  it('keeps an open-chat link a link, with no ID line', async () => {
    const section = await contactOf('https://open.kakao.com/o/grace')
    expect(section).toContain('<a class="chip chip--kakao" href="https://open.kakao.com/o/grace"')
    expect(section).not.toMatch(/ID [a-z0-9._-]+<\/li>/)
  })

  it('shows nothing of a stored value that is neither an ID nor a link', async () => {
    const section = await contactOf('not an id!')
    expect(section).not.toContain('KakaoTalk')
    expect(section).not.toContain('not an id!')
  })
})
