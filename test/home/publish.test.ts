// The publish switch (issue 17, docs/decisions/043-publishing.md): a new account starts unpublished; its
// visitors get a localized "coming soon" 404 on every page (path and custom domain), no sitemap, no
// carousel slide and no public API answer; its owner and admins see the real page with a bar that never
// reaches the page cache; publishing makes everything public at once.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { canManage } from '../../src/lib/realtors/permissions'
import { isPublished, isVisibleTo } from '../../src/lib/realtors/publish'
import type { SessionUser } from '../../src/lib/session'
import { ADMIN, api, JANE, login } from '../api/client'
import { seedActiveDomain } from '../fixtures/domains'
import { PUBLISHABLE } from '../fixtures/publishable'
import { call, heading, ORIGIN } from '../helpers'

const ADDRESS = 'soon-agent'
const DOMAIN = 'soon-agent.example'
const PASSWORD = 'soon-agent-pass-2026'
const TOP = '/photos/seed/equityrealty/top.png'

const cookie = (token: string) => ({ headers: { cookie: `session=${token}` } })

/** Signs in once per account for the whole file (the local sign-in budget is shared). */
const tokens = new Map<string, Promise<string>>()
const tokenOf = (account: { email: string; password: string }) => {
  if (!tokens.has(account.email)) tokens.set(account.email, login(account))
  return tokens.get(account.email)!
}

/** The new account of this file, made by an admin as the console does: its homepage starts unpublished. */
let created: Promise<{ id: number; ownerToken: string }> | null = null
function newAccount() {
  created ??= (async () => {
    const admin = await tokenOf(ADMIN)
    const response = await api('/v1/accounts', {
      method: 'POST',
      token: admin,
      json: { name: 'Soon Agent', email: `${ADDRESS}@realtor.local`, password: PASSWORD, desiredUrl: ADDRESS },
    })
    expect(response.status).toBe(201)
    const { realtor } = (await response.json()) as { realtor: { id: number; isMakeHomepage: string } }
    expect(realtor.isMakeHomepage).toBe('N')
    // A banner photo (it would be a carousel slide) and an active custom domain, still unpublished.
    const patch = await api(`/v1/realtor/${realtor.id}`, {
      method: 'PATCH',
      token: admin,
      json: {
        photos: [{ path: 'top', imageType: 'fullsize', url: TOP }],
        seoMeta: {
          ko: { title: '숨은 중개인', description: '', keywords: '', author: '' },
          en: { title: 'Hidden Agent', description: '', keywords: '', author: '' },
        },
      },
    })
    expect(patch.status).toBe(200)
    // A realtor write never sets the domain (docs/decisions/053-custom-domains.md): it is verified first.
    await seedActiveDomain(env.DB, realtor.id, DOMAIN)
    const ownerToken = await tokenOf({ email: `${ADDRESS}@realtor.local`, password: PASSWORD })
    return { id: realtor.id, ownerToken }
  })()
  return created
}

async function setPublished(id: number, token: string, value: 'Y' | 'N') {
  const json = value === 'Y' ? { ...PUBLISHABLE, isMakeHomepage: value } : { isMakeHomepage: value }
  const response = await api(`/v1/realtor/${id}`, { method: 'PATCH', token, json })
  expect(response.status).toBe(200)
}

const user = (overrides: Partial<SessionUser>): SessionUser => ({
  id: 7,
  email: 'a@b.c',
  name: 'A',
  role: 'realtor',
  realtorId: null,
  ...overrides,
})

describe('the publish rule', () => {
  it('makes a homepage public only with isMakeHomepage Y, and visible to its owner and admins always', () => {
    expect(isPublished({ isMakeHomepage: 'Y' })).toBe(true)
    expect(isPublished({ isMakeHomepage: 'N' })).toBe(false)
    const hidden = { isMakeHomepage: 'N' as const, userId: 7 }
    expect(canManage(null, hidden)).toBe(false)
    expect(canManage(user({}), hidden)).toBe(true)
    expect(canManage(user({ id: 8 }), hidden)).toBe(false)
    expect(canManage(user({ id: 8, role: 'admin' }), hidden)).toBe(true)
    expect(canManage(user({ id: 8 }), { userId: null })).toBe(false)
    expect(isVisibleTo(null, hidden)).toBe(false)
    expect(isVisibleTo(null, { ...hidden, isMakeHomepage: 'Y' })).toBe(true)
  })
})

describe('an unpublished homepage', () => {
  it('answers every visitor page with the localized coming-soon page: 404, noindex, never kept', async () => {
    await newAccount()
    const pages: [string, string | undefined, 'ko' | 'en'][] = [
      [`/${ADDRESS}`, undefined, 'ko'],
      [`/en/${ADDRESS}`, undefined, 'en'],
      [`/${ADDRESS}/terms`, undefined, 'ko'],
      [`/en/${ADDRESS}/process`, undefined, 'en'],
      [`/${ADDRESS}/terms/privacy`, undefined, 'ko'],
      [`/${ADDRESS}/gsap_sample`, undefined, 'ko'],
      ['/', DOMAIN, 'ko'],
      ['/en', DOMAIN, 'en'],
      ['/terms', DOMAIN, 'ko'],
      ['/en/process', DOMAIN, 'en'],
    ]
    for (const [path, host, locale] of pages) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await call(path, { host })
        expect(response.status, `${host ?? ''}${path}`).toBe(404)
        expect(response.headers.get('cache-control')).toBe('private, no-store')
        expect(response.headers.get('x-page-cache')).toBeNull()
        const html = await response.text()
        expect(html).toContain('data-testid="coming-soon"')
        expect(html).toContain('<meta name="robots" content="noindex"')
        expect(html).toContain(`<html lang="${locale}"`)
        expect(heading(html)).toBe(locale === 'ko' ? '곧 새 홈페이지로 찾아뵙겠습니다' : 'A new homepage is on its way')
        // Nothing of the unpublished content leaks to visitors.
        expect(html).not.toContain('숨은 중개인')
        expect(html).not.toContain('Hidden Agent')
        expect(html).not.toContain('unpublished-bar')
      }
    }
  })

  it('keeps the builder pages of the site working', async () => {
    await newAccount()
    expect((await call(`/${ADDRESS}/login`)).status).toBe(200)
    // On the own domain, the builder's pages lead to the provider's host (docs/decisions/087).
    expect((await call('/login', { host: DOMAIN })).headers.get('location')).toBe(`${ORIGIN}/${ADDRESS}/login`)
    expect((await call(`/${ADDRESS}/agreement`)).status).toBe(200)
    expect((await call(`/${ADDRESS}/admin`)).status).toBe(302)
  })

  it('shows its owner and admins the real page with the bar, and never stores that view', async () => {
    const { ownerToken } = await newAccount()
    for (const token of [ownerToken, await tokenOf(ADMIN)]) {
      for (const path of [`/${ADDRESS}`, `/en/${ADDRESS}`, `/${ADDRESS}/terms`]) {
        const response = await call(path, cookie(token))
        expect(response.status, path).toBe(200)
        expect(response.headers.get('cache-control')).toBe('private, no-store')
        expect(response.headers.get('x-page-cache')).toBeNull()
        const html = await response.text()
        expect(html).toContain('data-testid="unpublished-bar"')
        // The skip link is still the page's first link: the bar, a landmark of its own, comes after it.
        expect(html.indexOf('class="skip-link"')).toBeGreaterThan(0)
        expect(html.indexOf('class="skip-link"')).toBeLessThan(html.indexOf('data-testid="unpublished-bar"'))
        expect(html).toContain(`href="${path.startsWith('/en') ? '/en' : ''}/${ADDRESS}/admin"`)
        expect(html).toContain('<meta name="robots" content="noindex"')
        expect(html).not.toContain('data-testid="coming-soon"')
        // Right after the owner's view, a visitor still gets the coming-soon page.
        const visitor = await call(path)
        expect(visitor.status).toBe(404)
        expect(await visitor.text()).toContain('data-testid="coming-soon"')
      }
    }
    const korean = await (await call(`/${ADDRESS}`, cookie(ownerToken))).text()
    expect(korean).toContain('아직 공개 전입니다.')
    expect(korean).toContain('이 페이지는 회원님만 볼 수 있어요.')
    const english = await (await call(`/en/${ADDRESS}`, cookie(ownerToken))).text()
    expect(english).toContain('Not published.')
    expect(english).toContain('Only you can see this page.')
  })

  it('stays the coming-soon page for another realtor', async () => {
    await newAccount()
    const response = await call(`/${ADDRESS}`, cookie(await tokenOf(JANE)))
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('data-testid="coming-soon"')
  })

  it('is absent from every sitemap and the carousel; its robots.txt closes the site', async () => {
    await newAccount()
    expect((await call(`/${ADDRESS}/sitemap.xml`)).status).toBe(404)
    expect((await call('/sitemap.xml', { host: DOMAIN })).status).toBe(404)
    const robots = await call('/robots.txt', { host: DOMAIN })
    expect(robots.status).toBe(200)
    expect(await robots.text()).toBe('User-agent: *\nDisallow: /\n')
    expect(await (await call('/sitemap.xml')).text()).not.toContain(ADDRESS)
    // The fixture realtors have no banner: this one would be the only slide once published (below).
    expect(await (await call('/')).text()).not.toContain(`href="/${ADDRESS}"`)
  })

  it('is unknown to the public realtor API; its owner and admins still read it', async () => {
    const { id, ownerToken } = await newAccount()
    for (const key of [ADDRESS, String(id), `https://${DOMAIN}`]) {
      const anonymous = await api(`/v1/realtor/${encodeURIComponent(key)}`)
      expect(anonymous.status, key).toBe(404)
      const body = (await anonymous.json()) as { error: { code: string } }
      expect(body.error.code).toBeTruthy()
      expect(JSON.stringify(body)).not.toContain('Hidden Agent')
    }
    expect((await api(`/v1/realtor/${ADDRESS}`, { token: await tokenOf(JANE) })).status).toBe(404)
    for (const token of [ownerToken, await tokenOf(ADMIN)]) {
      const response = await api(`/v1/realtor/${ADDRESS}`, { token })
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      expect(((await response.json()) as { isMakeHomepage: string }).isMakeHomepage).toBe('N')
    }
    // Published realtors stay public.
    expect((await api('/v1/realtor/janekim')).status).toBe(200)
  })
})

describe('publishing', () => {
  it('makes the page, sitemaps, carousel and API public at once, and unpublishing hides them at once', async () => {
    const { id, ownerToken } = await newAccount()
    // Warm every cache first: the visitor's coming-soon page and the landing page.
    expect((await call(`/${ADDRESS}`)).status).toBe(404)
    await call('/')
    await call('/')
    await setPublished(id, ownerToken, 'Y')

    const page = await call(`/${ADDRESS}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('x-page-cache')).toBe('miss')
    const html = await page.text()
    expect(html).not.toContain('unpublished-bar')
    expect(html).not.toContain('<meta name="robots" content="noindex"')
    expect((await call(`/${ADDRESS}`)).headers.get('x-page-cache')).toBe('hit')
    expect((await call('/', { host: DOMAIN })).status).toBe(200)
    expect((await call(`/${ADDRESS}/sitemap.xml`)).status).toBe(200)
    expect(await (await call('/robots.txt', { host: DOMAIN })).text()).toContain('Sitemap:')
    expect(await (await call('/sitemap.xml')).text()).toContain(`/${ADDRESS}`)
    expect(await (await call('/')).text()).toContain(`href="/${ADDRESS}"`)
    expect((await api(`/v1/realtor/${ADDRESS}`)).status).toBe(200)
    // The owner sees the shared public page, without the bar.
    expect(await (await call(`/${ADDRESS}`, cookie(ownerToken))).text()).not.toContain('unpublished-bar')

    await setPublished(id, ownerToken, 'N')
    const hidden = await call(`/${ADDRESS}`)
    expect(hidden.status).toBe(404)
    expect(await hidden.text()).toContain('data-testid="coming-soon"')
    expect(await (await call('/')).text()).not.toContain(`href="/${ADDRESS}"`)
    expect((await api(`/v1/realtor/${ADDRESS}`)).status).toBe(404)
  })
})
