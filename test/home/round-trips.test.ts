// An uncached homepage's D1 work (docs/decisions/058-render-at-scale.md): the tenant loader reads the
// realtor, then the home reads every listing section in one batch, so a miss costs at most two round
// trips to the database, and a render from the data cache none.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { splitSql } from '../../scripts/sql.mjs'
import listingsSql from '../../seed/0004_listings.sql?raw'
import { DataCache } from '../../src/lib/data-cache'
import { d1Store } from '../../src/lib/realtors/d1-store'
import { createApp } from '../../src/worker'
import { countingDb } from '../fixtures/counting-db'
import { RICH } from '../fixtures/rich-realtor'
import { ORIGIN } from '../helpers'

const DESIRED_URL = 'round-trips'

beforeAll(async () => {
  await env.DB.batch(splitSql(listingsSql).map((sql: string) => env.DB.prepare(sql)))
  const { id: _id, userId: _userId, name: _name, ...profile } = RICH
  // Licensed (every deal tab) with the equityrealty listings' license, so each section has homes.
  await d1Store(env.DB).insert(
    { ...profile, desiredUrl: DESIRED_URL, hompageUrl: '', licenseNumber: 'DRE #02011427' },
    null,
  )
})

async function home(app: ReturnType<typeof createApp>, path = `/${DESIRED_URL}`) {
  const { db, trips } = countingDb(env.DB)
  const ctx = createExecutionContext()
  const response = await app.fetch(
    new Request(`${ORIGIN}${path}`, { headers: { host: new URL(ORIGIN).host } }),
    { ...env, DB: db },
    ctx,
  )
  const html = await response.text()
  await waitOnExecutionContext(ctx)
  return { response, html, trips }
}

describe('an uncached homepage', () => {
  it('reads D1 in at most two round trips: the realtor, then every listing section in one batch', async () => {
    const { response, html, trips } = await home(createApp({ dataCache: new DataCache() }))
    expect(response.status).toBe(200)
    // The newest of the realtor's own homes for sale (seed/0004_listings.sql): the sections did load.
    const own = await env.DB.prepare(
      `SELECT address FROM listings WHERE agent_license = 'DRE #02011427' AND deal_type = 'sale'
       ORDER BY listed_at DESC, id DESC LIMIT 1`,
    ).first<{ address: string }>()
    expect(html).toContain(own!.address)
    expect(trips.length, trips.join(', ')).toBeLessThanOrEqual(2)
    // The city's homes and the four deal tabs: two statements each, in the one batch.
    expect(trips).toContain('batch of 10')
  })

  it('reads D1 in at most two round trips without a data cache, and in English', async () => {
    for (const path of [`/${DESIRED_URL}`, `/en/${DESIRED_URL}`]) {
      const { response, trips } = await home(createApp(), path)
      expect(response.status).toBe(200)
      expect(trips.length, `${path}: ${trips.join(', ')}`).toBeLessThanOrEqual(2)
    }
  })

  it('costs no round trip once its data is cached', async () => {
    const app = createApp({ dataCache: new DataCache() })
    await home(app)
    const { response, trips } = await home(app)
    expect(response.status).toBe(200)
    expect(trips).toEqual([])
  })
})
