// The recommended video (docs/decisions/035-video-embed.md): a poster that asks nothing of YouTube until
// it is clicked, then YouTube's privacy-enhanced player in the same box; without JavaScript a link.
import { expect, type Page, test } from './fixtures'

const VIDEO_ID = 'amFuZWtpbQx' // janekim's recommendedYoutubeUrl in seed/0001_realtors.sql
const YOUTUBE = /youtube\.com|youtube-nocookie\.com|ytimg\.com|googlevideo\.com/

/** Every request the page makes to YouTube; the player's own is answered here (this machine is offline). */
async function watchYoutube(page: Page): Promise<string[]> {
  const seen: string[] = []
  page.on('request', (request) => {
    if (YOUTUBE.test(new URL(request.url()).hostname)) seen.push(request.url())
  })
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  )
  return seen
}

test.describe('the recommended video', () => {
  test('asks nothing of YouTube before the click, then plays in the same box', async ({ page }, info) => {
    const youtube = await watchYoutube(page)
    await page.goto('/en/janekim')
    const poster = page.getByRole('link', { name: 'Play video' })
    await poster.scrollIntoViewIfNeeded()
    await expect(poster).toHaveAttribute('href', `https://www.youtube.com/watch?v=${VIDEO_ID}`)
    await page.waitForLoadState('networkidle')
    expect(youtube).toEqual([])
    const before = await poster.boundingBox()
    await page.screenshot({ path: info.outputPath('video-poster.png') })

    await poster.click()
    const player = page.locator('iframe.home-video__frame')
    await expect(player).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${VIDEO_ID}?autoplay=1`)
    await expect(player).toHaveAttribute('title', 'Featured video of Jane Kim')
    await expect(player).toBeFocused()
    expect(await player.boundingBox()).toEqual(before)
    expect(page.context().pages()).toHaveLength(1)
    expect(youtube.every((url) => url.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true)
  })

  test('is as wide as the content column, 16:9, with no note under it (issue 33)', async ({ page }, info) => {
    await watchYoutube(page)
    await page.goto('/janekim')
    const section = page.locator('section.home-video')
    await section.scrollIntoViewIfNeeded()
    const column = await section.evaluate((node) => {
      const style = getComputedStyle(node)
      return node.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight)
    })
    const heading = (await section.locator('h2').boundingBox())!
    const poster = (await page.getByRole('link', { name: '영상 재생' }).boundingBox())!
    expect(Math.abs(poster.width - column)).toBeLessThanOrEqual(1)
    expect(Math.abs(poster.x - heading.x)).toBeLessThanOrEqual(1)
    expect(Math.abs(poster.height - (poster.width * 9) / 16)).toBeLessThanOrEqual(1)
    // Only the poster: the technical note about YouTube is gone.
    await expect(section.locator('p')).toHaveCount(0)
    await section.screenshot({ path: info.outputPath('video-column.png') })
  })

  test('a click before the island has loaded is not lost and opens no tab', async ({ page }) => {
    await watchYoutube(page)
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/assets/chunks/VideoEmbed-*.js', async (route) => {
      await gate
      await route.continue()
    })
    await page.goto('/janekim')
    const poster = page.getByRole('link', { name: '영상 재생' })
    await poster.scrollIntoViewIfNeeded()
    await poster.click()
    await expect(page.locator('iframe')).toHaveCount(0)
    release()
    await expect(page.locator('iframe.home-video__frame')).toHaveAttribute(
      'src',
      `https://www.youtube-nocookie.com/embed/${VIDEO_ID}?autoplay=1`,
    )
    expect(page.context().pages()).toHaveLength(1)
  })

  test('without JavaScript the poster is a link to the video on YouTube', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, locale: 'ko-KR' })
    const page = await context.newPage()
    await page.goto('/en/janekim')
    const poster = page.getByRole('link', { name: 'Play video' })
    await expect(poster).toHaveAttribute('href', `https://www.youtube.com/watch?v=${VIDEO_ID}`)
    await expect(poster).toHaveAttribute('target', '_blank')
    await context.close()
  })
})
