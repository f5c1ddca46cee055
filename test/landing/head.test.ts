// The landing page in link previews: Open Graph and Twitter tags on its canonical URL, with an image that
// exists among the static files (docs/decisions/029-legal-pages.md).
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { call, ORIGIN } from '../helpers'

describe('the landing page in link previews', () => {
  it.each([
    ['/', 'ko_KR', 'en_US', `${ORIGIN}/`],
    ['/en', 'en_US', 'ko_KR', `${ORIGIN}/en`],
  ])('%s has Open Graph and Twitter tags on its canonical URL and an image that exists', async (path, og, alt, url) => {
    const html = await (await call(path)).text()
    const meta = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1]
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`)
    expect(meta('og:type')).toBe('website')
    expect(meta('og:url')).toBe(url)
    expect(meta('og:title')).toBeTruthy()
    expect(meta('og:description')).toBeTruthy()
    expect(meta('og:locale')).toBe(og)
    expect(meta('og:locale:alternate')).toBe(alt)
    expect(meta('twitter:card')).toBe('summary_large_image')
    const image = meta('og:image')!
    expect(image).toMatch(new RegExp(`^${ORIGIN}/`))
    expect(meta('twitter:image')).toBe(image)
    const file = await (env as unknown as { ASSETS: Fetcher }).ASSETS.fetch(image)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
  })
})
