// Seeds local D1 and R2 for `npm start` and the browser tests: applies every seed/*.sql in name order
// (each is idempotent) and writes the seeded realtors' photos (/photos/seed/...) and the embedded MLS's
// (/photos/mls/seed/..., scripts/mls-photos.mjs) into local R2, those not there yet. The
// bindings come from wrangler's stable getPlatformProxy on wrangler's state directory (the one
// `wrangler dev --persist-to` uses), in about a second.
// Usage: node scripts/seed.mjs [--persist-to .wrangler/state]
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { root, useProjectNode } from './lib.mjs'
import { localPlatform } from './local-platform.mjs'
import { MLS_PHOTO_WIDTHS, MLS_PHOTOS, mlsPhotoKey, mlsPhotoPngs } from './mls-photos.mjs'
import { seedImage } from './seed-images.mjs'
import { splitSql } from './sql.mjs'

await useProjectNode()
const { values } = parseArgs({ options: { 'persist-to': { type: 'string', default: '.wrangler/state' } } })
const state = path.resolve(root, values['persist-to'])
const started = Date.now()

const proxy = await localPlatform(state)

try {
  const db = proxy.env.DB
  const files = readdirSync(path.join(root, 'seed'))
    .filter((file) => file.endsWith('.sql'))
    .sort()
  for (const file of files) {
    const statements = splitSql(readFileSync(path.join(root, 'seed', file), 'utf8'))
    await db.batch(statements.map((sql) => db.prepare(sql)))
  }

  const bucket = proxy.env.PHOTOS
  const photoMetadata = { contentType: 'image/png', cacheControl: 'public, max-age=31536000, immutable' }
  const { results } = await db.prepare('SELECT desired_url, profile FROM realtors').all()
  let written = 0
  for (const row of results) {
    const profile = JSON.parse(row.profile)
    for (const photo of profile.photos ?? []) {
      const match = /^\/photos\/(seed\/[\w-]+\/([\w-]+)\.png)$/.exec(photo.url)
      if (!match || (await bucket.head(match[1]))) continue
      const bytes = seedImage(match[2], profile.designMainColor ?? '#1f4e79', row.desired_url)
      await bucket.put(match[1], new Uint8Array(bytes), { httpMetadata: photoMetadata })
      written++
    }
  }
  // The listings' photos, shared by every seeded listing: each painted once for all its widths.
  for (const photo of MLS_PHOTOS) {
    const missing = []
    for (const width of MLS_PHOTO_WIDTHS) if (!(await bucket.head(mlsPhotoKey(photo.name, width)))) missing.push(width)
    if (!missing.length) continue
    const pngs = mlsPhotoPngs(photo)
    for (const width of missing) {
      await bucket.put(mlsPhotoKey(photo.name, width), new Uint8Array(pngs.get(width)), { httpMetadata: photoMetadata })
      written++
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(
    `→ seeded ${files.length} SQL file(s), ${results.length} realtors, ${written} new photo(s) in ${seconds} s`,
  )
} finally {
  await proxy.dispose()
}
