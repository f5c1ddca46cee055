// The custom domain API in the running worker (local mode: the built-in simulator, docs/decisions/053): a
// realtor adds a domain, an admin moves it along to active, and the homepage's canonical URL follows it
// only then; removing it brings the path address back. The builder's Domain screen has its own spec.

import { ADMIN } from './accounts'
import { expect, test } from './fixtures'

const SOPHIA = { email: 'sophia-lee@realtor.local', password: 'demo-realtor-2026' }
const SOPHIA_ID = 4

test('a domain goes pending → verifying → active, and only then names the homepage', async ({
  page,
  request,
}, info) => {
  const tokenOf = async (account: typeof ADMIN) =>
    (await (await request.post('/v1/auth/login', { data: account })).json()).token as string
  const [owner, admin] = [await tokenOf(SOPHIA), await tokenOf(ADMIN)]
  const as = (token: string) => ({ authorization: `Bearer ${token}` })
  const hostname = `sophia-${info.project.name}.com`
  const canonical = async () => {
    await page.goto('/sophia-lee')
    return page.locator('link[rel="canonical"]').getAttribute('href')
  }

  const claimed = await request.put(`/v1/realtors/${SOPHIA_ID}/domain`, {
    headers: as(owner),
    data: { hostname: `https://${hostname.toUpperCase()}/` },
  })
  expect(claimed.status()).toBe(200)
  const { domain } = await claimed.json()
  expect(domain).toMatchObject({ hostname, status: 'pending', simulated: true })
  expect(domain.records.map((record: { purpose: string }) => record.purpose)).toEqual([
    'traffic',
    'ownership',
    'certificate',
  ])
  expect(await canonical()).toMatch(/\/sophia-lee$/)

  const advance = async () =>
    (await (await request.post(`/v1/domains/${hostname}/advance`, { headers: as(admin) })).json()).domain
  expect((await advance()).status).toBe('verifying')
  expect(await canonical()).toMatch(/\/sophia-lee$/)
  expect((await advance()).status).toBe('active')

  // Locally the path address keeps serving (the simulated domain resolves nowhere); canonical URLs move.
  expect(await canonical()).toBe(`https://${hostname}`)
  const byOrigin = await request.get(`/v1/realtor/${encodeURIComponent(`https://${hostname}`)}`)
  expect((await byOrigin.json()).id).toBe(SOPHIA_ID)

  const removed = await request.delete(`/v1/realtors/${SOPHIA_ID}/domain`, { headers: as(owner) })
  expect(removed.status()).toBe(204)
  expect(await canonical()).toMatch(/\/sophia-lee$/)
  expect((await request.get(`/v1/realtor/${encodeURIComponent(`https://${hostname}`)}`)).status()).toBe(404)
})
