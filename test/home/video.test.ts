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
    expect(section).toContain('<img src="/photos/seed/grace/top.png" alt=""')
    expect(section).toContain('Play video')
    // Nothing on the page loads from YouTube before the click: no player, no thumbnail.
    expect(html).not.toMatch(/<iframe|ytimg\.com|youtube-nocookie\.com\/embed/)
    expect(html).toMatch(
      /"messages":\{"home.video.play":"Play video","home.video.frameTitle":"Featured video of \{name\}"\}/,
    )
  })

  it('falls back to the brand poster without a top photo, and leaves the section out without a video', async () => {
    const noTop = await videoOf({ ...RICH, photos: RICH.photos.filter((photo) => photo.path !== 'top') })
    expect(noTop.section).toContain('class="home-video__poster"')
    expect(noTop.section).not.toContain('<img')
    const none = await videoOf({ ...RICH, recommendedYoutubeUrl: 'https://vimeo.com/1' })
    expect(none.html).not.toContain('home-video')
  })
})
