// The scale bench's generator and traffic (bench/scale, docs/decisions/056-scale-bench.md): valid, unique
// addresses; statements within D1's statement size; Zipf traffic that is skewed and covers the tail.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { CITY_SLOTS, homeStatement, realtorOf, realtorStatements } from '../../bench/scale/data.mjs'
import { mixedOf, random, targetsOf, zipf } from '../../bench/scale/traffic.mjs'

test('every generated realtor has a valid, unique address and a license of its market', () => {
  const realtors = Array.from({ length: 10_000 }, (_, i) => realtorOf(i + 1))
  assert.equal(new Set(realtors.map((r) => r.slug)).size, realtors.length)
  for (const r of realtors) {
    assert.match(r.slug, /^[a-z_-]+$/)
    assert.match(r.license, r.market === 'crmls' ? /^DRE #0\d{7}$/ : /^GA #\d{6}$/)
  }
  assert.equal(CITY_SLOTS.length, 100)
  const published = realtors.filter((r) => r.published)
  assert.ok(published.length > 8_500 && published.some((r) => r.host))
  assert.ok(realtors.filter((r) => r.host).every((r) => r.published))
})

test('statements stay under D1’s 100 KB statement limit', () => {
  for (const sql of realtorStatements(300)) assert.ok(Buffer.byteLength(sql) < 100_000)
  assert.ok(Buffer.byteLength(homeStatement(1, 50_000, 10_000)) < 100_000)
})

test('Zipf traffic: a few realtors take much of it, the tail still gets some', () => {
  const next = random(1)
  const draw = zipf(
    Array.from({ length: 1_000 }, (_, i) => i),
    next,
  )
  const counts = new Map()
  for (let i = 0; i < 50_000; i++) {
    const item = draw()
    counts.set(item, (counts.get(item) ?? 0) + 1)
  }
  const sorted = [...counts.values()].sort((a, b) => b - a)
  // s = 1 over 1,000: the top 10 take ~39%, and most items are drawn at least once.
  const top = sorted.slice(0, 10).reduce((sum, n) => sum + n, 0) / 50_000
  assert.ok(top > 0.3 && top < 0.5, `top 10 share ${top}`)
  assert.ok(counts.size > 800)
})

test('every target draws requests of its own kind; the mix leaves out the walks of every realtor', () => {
  const targets = targetsOf('small', 'token')
  for (const target of targets) assert.match(target.next().path, /^\//)
  const mixed = mixedOf(targets)
  for (let i = 0; i < 1_000; i++) {
    const { path } = mixed.next()
    assert.ok(path !== '/sitemap.xml' && !path.startsWith('/v1/accounts'), path)
  }
})
