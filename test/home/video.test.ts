// The recommended video as the server renders it (docs/decisions/035-video-embed.md): a poster link to
// YouTube inside the VideoEmbed island, drawn from the realtor's own top photo, nothing of YouTube's loaded.
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/worker'
import { fixtureStore } from '../fixtures/fixture-realtors'
import { RICH } from '../fixtures/rich-realtor'
import { call } from '../helpers'

async function videoOf(realtor = RICH) {
  const app = createApp({ realtors: () => fixtureStore([realtor]) })
  const html = await (await call('/en/rich-agent', { app })).text()
  return { html, section: /<section class="home-section home-video"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '' }
}

describe('the recommended video', () => {
  it('is a poster link to the video inside an interaction island, with the top photo behind the button', async () => {
    const { html, section } = await videoOf()
    expect(section).toContain('data-island="VideoEmbed"')
    expect(section).toContain('data-hydrate="interaction"')
    expect(section).toMatch(
      /<a class="home-video__poster" href="https:\/\/www.youtube.com\/watch\?v=dQw4w9WgXcQ" target="_blank" rel="noopener noreferrer" data-replay="play">/,
    )
    expect(section).toMatch(
      /<img src="\/photos\/seed\/grace\/top.png" srcSet="[^"]+\.w960\.webp 960w[^"]*" sizes="[^"]+" alt=""/,
    )
    expect(section).toContain('Play video')
    // Nothing on the page loads from YouTube before the click: no player, no thumbnail.
    expect(html).not.toMatch(/<iframe|ytimg\.com|youtube-nocookie\.com\/embed/)
    expect(html).toMatch(
      /"messages":\{"home.video.play":"Play video","home.video.frameTitle":"Featured video of \{name\}"\}/,
    )
  })

  it('says nothing technical under the poster in either language (issue 33): the poster is the whole section', async () => {
    const app = createApp({ realtors: () => fixtureStore([RICH]) })
    for (const path of ['/rich-agent', '/en/rich-agent']) {
      const html = await (await call(path, { app })).text()
      const section = /<section class="home-section home-video"[\s\S]*?<\/section>/.exec(html)?.[0] ?? ''
      expect(section, path).toContain('class="home-video__poster"')
      expect(section.replace(/<div data-island="VideoEmbed"[\s\S]*<\/div>/, ''), path).not.toMatch(/<p\b/)
      expect(html, path).not.toMatch(/YouTube에 아무 정보도|nothing is sent to YouTube/)
    }
  })

  it('plays a youtu.be share link and a short for the right video, and starts where a link says', async () => {
    for (const recommendedYoutubeUrl of [
      'https://youtu.be/M7lc1UVf-VE?si=abc',
      'https://www.youtube.com/shorts/M7lc1UVf-VE',
    ])
      expect((await videoOf({ ...RICH, recommendedYoutubeUrl })).section, recommendedYoutubeUrl).toContain(
        '<a class="home-video__poster" href="https://www.youtube.com/watch?v=M7lc1UVf-VE" ',
      )
    const { section } = await videoOf({
      ...RICH,
      recommendedYoutubeUrl: 'https://www.youtube.com/watch?v=M7lc1UVf-VE&t=90',
    })
    expect(section).toContain('href="https://www.youtube.com/watch?v=M7lc1UVf-VE&amp;t=90"')
    expect(section).toContain('{"id":"M7lc1UVf-VE","start":90,')
  })

  it('falls back to the brand poster without a top photo, and leaves the section out without a video', async () => {
    const noTop = await videoOf({ ...RICH, photos: RICH.photos.filter((photo) => photo.path !== 'top') })
    expect(noTop.section).toContain('class="home-video__poster"')
    expect(noTop.section).not.toContain('<img')
    for (const recommendedYoutubeUrl of ['https://vimeo.com/1', 'https://www.youtube.com/@gracehan']) {
      const none = await videoOf({ ...RICH, recommendedYoutubeUrl })
      expect(none.html, recommendedYoutubeUrl).not.toContain('home-video')
    }
  })
})
