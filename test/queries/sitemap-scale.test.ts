// The provider sitemap past the protocol's limit (docs/decisions/057-query-plans.md, 061-sitemap-files.md):
// over 50,000 published realtors (100,000 home URLs) /sitemap.xml is an index, every file covers 1,000
// realtor ids (at most 2,002 URLs, far under 50,000), together they list every published home once, and each
// file is a keyset walk of the primary key (no OFFSET, no count).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { SITEMAP_FILE_REALTORS, SITEMAP_MAX_URLS } from '../../src/lib/home/seo'
import worker from '../../src/worker'
import { ORIGIN } from '../helpers'
import { type Recorded, recordingD1 } from './recorder'

const REALTORS = 50_001
const log: Recorded[] = []
let published = 0

async function get(path: string): Promise<Response> {
  const ctx = createExecutionContext()
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { headers: { host: new URL(ORIGIN).host } }),
    { ...env, DB: recordingD1(env.DB, log) },
    ctx,
  )
  await waitOnExecutionContext(ctx)
  return response
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!)

beforeAll(async () => {
  // One in ten unpublished: the walk skips them without a file ever coming up short of its range.
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO realtors (desired_url, profile)
     SELECT 'site' || i, json_object('isMakeHomepage', CASE WHEN i % 10 = 0 THEN 'N' ELSE 'Y' END) FROM n`,
  )
    .bind(REALTORS)
    .run()
  const row = await env.DB.prepare(
    "SELECT COUNT(*) AS n FROM realtors WHERE json_extract(profile, '$.isMakeHomepage') = 'Y'",
  ).first<{ n: number }>()
  published = row!.n
}, 60_000)

describe('the provider sitemap over 50,000 published realtors', () => {
  it('is an index of files of 1,000 realtor ids listing every published home once', async () => {
    expect(published).toBeGreaterThan(SITEMAP_MAX_URLS / 2)
    const index = await (await get('/sitemap.xml')).text()
    expect(index).toContain('<sitemapindex')
    const files = locs(index)
    expect(files.length).toBe(Math.ceil(REALTORS / SITEMAP_FILE_REALTORS))
    expect(files.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS)
    const listed = new Set<string>()
    let urls = 0
    for (const file of files) {
      const { pathname, search } = new URL(file)
      const response = await get(`${pathname}${search}`)
      expect(response.status, file).toBe(200)
      const fileLocs = locs(await response.text())
      expect(fileLocs.length, file).toBeLessThanOrEqual(SITEMAP_FILE_REALTORS * 2 + 2)
      urls += fileLocs.length
      for (const loc of fileLocs) listed.add(loc)
    }
    // Two URLs (ko, en) a published home, and the landing page's two.
    expect(urls).toBe(listed.size)
    expect(listed.size).toBe(published * 2 + 2)
  }, 120_000)

  it('reads each file as a keyset walk: id ranges in order, a batch at a time, never OFFSET', () => {
    const reads = log.filter((entry) => /FROM realtors r/.test(entry.sql) && entry.binds.length === 3)
    expect(reads.length).toBeGreaterThan(published / 500)
    for (const entry of log) expect(entry.sql).not.toMatch(/\bOFFSET\b|COUNT\(/i)
    for (const entry of reads) expect(entry.sql).toMatch(/r\.id > \?1 AND r\.id <= \?2/)
    const afterIds = reads.map((entry) => entry.binds[0] as number)
    expect(afterIds).toEqual([...afterIds].sort((a, b) => a - b))
  })
})
