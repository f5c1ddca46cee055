import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/worker'
import { fixtureStore } from '../fixtures/fixture-realtors'
import { RICH } from '../fixtures/rich-realtor'
import { call, heading } from '../helpers'

const app = createApp({ realtors: () => fixtureStore([RICH]) })
const page = async (path: string, host?: string) => {
  const response = await call(path, { app, host })
  return { response, html: await response.text() }
}

describe('tenant subpages', () => {
  it('shows the seven steps of /process in the realtor frame and design, in both languages on one page', async () => {
    const ko = await page('/rich-agent/process')
    expect(heading(ko.html)).toBe('홈페이지 제작 과정')
    expect(ko.html.match(/class="process-steps__step"/g)).toHaveLength(14)
    expect(ko.html).toContain('상담 신청')
    expect(ko.html).toContain('class="tenant-header"')
    expect(ko.html).toContain('--brand:#6d4fa3')
    const en = await page('/en/rich-agent/process')
    expect(en.html).toContain('Profile and design')
    expect(en.html).toContain('<link rel="canonical" href="https://grace.example/en/process"/>')
  })

  it('serves terms, agreement and privacy with #ko and #en sections, also on the custom domain', async () => {
    expect((await page('/rich-agent/terms')).html).toContain('책임의 한계')
    // The tenant agreement page is the builder's acceptance page (test/builder/pages.test.ts).
    expect((await page('/en/rich-agent/agreement')).response.status).toBe(200)
    const privacy = await page('http://grace.example/en/terms/privacy', 'grace.example')
    expect(privacy.response.status).toBe(200)
    expect(privacy.html).toContain('id="ko" lang="ko"')
    expect(privacy.html).toContain('id="en" lang="en"')
    const home = await page('http://grace.example/', 'grace.example')
    expect(home.html).toContain('href="/terms/privacy#ko"')
  })

  it('shows the brokerage page only for equityrealty', async () => {
    const equity = await call('/en/equityrealty/probiz')
    expect(equity.status).toBe(200)
    const html = await equity.text()
    expect(html).toContain('Investment and leasing')
    const other = await call('/en/janekim/probiz')
    expect(other.status).toBe(302)
    expect(other.headers.get('location')).toBe('/en')
  })

  it('shows the loaded realtor state and the CSS animation showcase', async () => {
    const state = await page('/en/rich-agent/pinia_sample')
    expect(state.html).toContain('<dt>desiredUrl</dt><dd>rich-agent</dd>')
    expect(state.html).toContain('<dt>market</dt><dd>crmls</dd>')
    expect(state.html).toContain('gallery 2')
    expect(state.html).not.toContain('grace@grace.example')
    const motion = await page('/rich-agent/gsap_sample')
    expect(motion.html.match(/motion-demo__shape--/g)).toHaveLength(4)
    expect(motion.html).not.toMatch(/<script(?! type="application\/json")(?! type="module")/)
  })

  it("keeps a tenant's sign-in page out of search results; the provider's is indexable", async () => {
    expect((await page('/rich-agent/login')).html).toContain('<meta name="robots" content="noindex"/>')
    expect((await page('/login')).html).not.toContain('noindex')
    expect((await page('/en/login')).html).not.toContain('noindex')
  })
})
