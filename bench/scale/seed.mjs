// The scale bench's local states (docs/decisions/056-scale-bench.md): one per size under .wrangler/scale/,
// migrated by wrangler and filled through wrangler's getPlatformProxy — the same local D1 (and R2) the
// worker reads — with bench/scale/data.mjs's rows in batches. A state seeded by the same generator version
// is reused, with any migration added since applied to it. The homes go in with the listings' indexes dropped
// and are indexed afterwards by the very CREATE INDEX statements the migrations left in sqlite_master.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { LOG_DIR, logFile, root, runLogged, WRANGLER_ENV } from '../../scripts/lib.mjs'
import { localPlatform } from '../../scripts/local-platform.mjs'
import { seedImage } from '../../scripts/seed-images.mjs'
import { GENERATOR_VERSION, homeStatement, PHOTO_POOL, POOL_COLORS, realtorStatements, SIZES } from './data.mjs'

const wranglerBin = path.join(root, 'node_modules/wrangler/bin/wrangler.js')
/** Homes per INSERT … SELECT, and statements per D1 batch (one round trip). */
// 10,000 since issue 30: a statement of 50,000 homes maintaining the listings' 21 indexes row by row ran past
// what the local D1 answers in one request (the platform proxy's socket closed ~30 s into the first). With the
// indexes built afterwards (withIndexesBuiltAfter) one takes a fraction of a second; kept small all the same.
const HOMES_PER_STATEMENT = 10_000
const STATEMENTS_PER_BATCH = 40
/**
 * The tables the homes fill whose indexes are built after the rows: `listings`, and `listing_places`, which its
 * insert trigger fills (the trigger's lookups go by primary keys, which stay).
 */
const HOME_TABLES = ['listings', 'listing_places']

export const stateDir = (size) => path.join(root, '.wrangler/scale', size)

/**
 * Runs `fill` with the indexes of `tables` dropped, then creates them again from the SQL sqlite_master kept for
 * them, in the order the migrations created them (SQLite's list of a table's indexes follows it): the
 * definitions stay the migrations' alone. An index built over the finished table sorts its keys once; the
 * listings' 21 maintained row by row took the large seed from ~110 to 373 s. Triggers stay, so what they derive
 * is what the migrations define. One CREATE INDEX a request: ~1.5 s each at 1,000,000 rows here, far from the
 * ~30 s a request may take. Returns the seconds spent building.
 */
async function withIndexesBuiltAfter(db, tables, fill) {
  const { results: indexes } = await db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${tables.map(() => '?').join()}) ORDER BY rowid`,
    )
    .bind(...tables)
    .all()
  if (indexes.length) await db.batch(indexes.map(({ name }) => db.prepare(`DROP INDEX "${name}"`)))
  await fill()
  const started = Date.now()
  for (const { sql } of indexes) await db.prepare(sql).run()
  return (Date.now() - started) / 1000
}

/** The listing_changes triggers of migrations/0034_buyers.sql: what a feed changes, queued for alerts. */
const CHANGE_TRIGGERS = ['listings_changes_insert', 'listings_changes_update']

/** Runs `fill` with `names` triggers dropped, then creates them again from the SQL sqlite_master kept. */
async function withoutTriggers(db, names, fill) {
  const { results: triggers } = await db
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN (${names.map(() => '?').join()})`)
    .bind(...names)
    .all()
  if (triggers.length) await db.batch(triggers.map(({ name }) => db.prepare(`DROP TRIGGER "${name}"`)))
  try {
    return await fill()
  } finally {
    for (const { sql } of triggers) await db.prepare(sql).run()
  }
}

/** The repository's migrations, in order: a kept state records those it has. */
const migrationNames = () =>
  readdirSync(path.join(root, 'migrations'))
    .filter((name) => name.endsWith('.sql'))
    .sort()

/** Seeds `size` unless its state was seeded by this generator; returns the state directory and the seed time. */
export async function ensureSeeded(size, { force = false } = {}) {
  const { realtors, homes } = SIZES[size]
  const dir = stateDir(size)
  const markerFile = path.join(dir, 'seeded.json')
  const marker = existsSync(markerFile) ? JSON.parse(readFileSync(markerFile, 'utf8')) : null
  const log = logFile('scale-seed')
  const migrate = () =>
    runLogged(process.execPath, [wranglerBin, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dir], {
      env: { ...WRANGLER_ENV, WRANGLER_LOG_PATH: LOG_DIR, CI: 'true' },
      log,
    })
  if (!force && marker?.version === GENERATOR_VERSION && marker.realtors === realtors && marker.homes === homes) {
    // A migration added since the seed (an index, say) is applied to the kept data, as a deploy would.
    const migrations = migrationNames()
    if (marker.migrations?.join() !== migrations.join()) {
      console.log(`→ ${size}: applying new migrations to ${path.relative(root, dir)}`)
      migrate()
      writeFileSync(markerFile, JSON.stringify({ ...marker, migrations }))
    }
    console.log(
      `→ ${size}: reusing ${path.relative(root, dir)} (generator v${GENERATOR_VERSION}, seeded in ${marker.seconds} s)`,
    )
    return { dir, seconds: marker.seconds, reused: true }
  }
  const started = Date.now()
  await rm(dir, { recursive: true, force: true })
  migrate()
  const proxy = await localPlatform(dir)
  try {
    const db = proxy.env.DB
    const batches = async (statements) => {
      for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) {
        await db.batch(statements.slice(i, i + STATEMENTS_PER_BATCH).map((sql) => db.prepare(sql)))
      }
    }
    await batches(realtorStatements(realtors))
    const realtorSeconds = (Date.now() - started) / 1000
    // Homes in statements of 10,000 rows, one per request: each is one SQLite statement in the D1 object.
    // The alert matcher's queue is not fed by a seed (nobody saved a search before it): its triggers are
    // off while the homes go in, and back as the migration made them (docs/decisions/108-listing-alerts.md).
    const indexSeconds = await withoutTriggers(db, CHANGE_TRIGGERS, () =>
      withIndexesBuiltAfter(db, HOME_TABLES, async () => {
        for (let from = 1; from <= homes; from += HOMES_PER_STATEMENT) {
          await db.prepare(homeStatement(from, Math.min(homes, from + HOMES_PER_STATEMENT - 1), realtors)).run()
        }
      }),
    )
    const counts = await db
      .prepare('SELECT (SELECT count(*) FROM realtors) AS realtors, (SELECT count(*) FROM listings) AS homes')
      .first()
    if (counts.realtors !== realtors || counts.homes !== homes) {
      throw new Error(`seeded ${counts.realtors} realtors and ${counts.homes} homes, expected ${realtors} and ${homes}`)
    }
    // The photo pool: a dozen images every profile and home shares.
    for (const [index, name] of PHOTO_POOL.entries()) {
      const file = name.startsWith('logo')
        ? 'logo'
        : name.startsWith('portrait')
          ? 'id'
          : name.startsWith('banner')
            ? 'top'
            : name
      const bytes = seedImage(file, POOL_COLORS[index % POOL_COLORS.length], `pool-${name}`)
      await proxy.env.PHOTOS.put(`seed/pool/${name}.png`, new Uint8Array(bytes), {
        httpMetadata: { contentType: 'image/png', cacheControl: 'public, max-age=31536000, immutable' },
      })
    }
    const seconds = Number(((Date.now() - started) / 1000).toFixed(1))
    writeFileSync(
      markerFile,
      JSON.stringify({ version: GENERATOR_VERSION, realtors, homes, seconds, migrations: migrationNames() }),
    )
    console.log(
      `→ ${size}: seeded ${realtors.toLocaleString('en')} realtors (${realtorSeconds.toFixed(1)} s) and ${homes.toLocaleString('en')} homes (indexed in ${indexSeconds.toFixed(1)} s) in ${seconds} s`,
    )
    return { dir, seconds, reused: false }
  } finally {
    await proxy.dispose()
  }
}
