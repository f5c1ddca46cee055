// The scale bench's alert matching (bench/scale/alerts.mjs, docs/decisions/108-listing-alerts.md): its
// searches are valid rows of saved_searches spread over the realtors' places, and its budgets fail a run
// that misses them, as the other scale budgets do.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  BATCH_BUDGET_MS,
  formatAlerts,
  GROWTH_BUDGET,
  judgeAlerts,
  PER_CHANGE_BUDGET_MS,
  random,
  searchOf,
} from '../../bench/scale/alerts.mjs'

const run = (batchMs, indexedRanges = 4) => ({
  homes: 100_000,
  alerts: { searches: 100_000, batchSize: 100, batchMs, perChangeMs: batchMs / 100, indexedRanges },
})

test('the searches cover every place kind and frequency, with the columns the matcher reads', () => {
  const next = random(1)
  const rows = Array.from({ length: 5_000 }, (_, i) => searchOf(i, 1_000, next))
  const kinds = new Set(rows.map(({ row }) => row[4]))
  assert.deepEqual([...kinds].sort(), ['all', 'area', 'city', 'zip'])
  assert.deepEqual([...new Set(rows.map(({ row }) => row[13]))].sort(), ['daily', 'instant', 'off', 'weekly'])
  for (const { realtor, row } of rows) {
    assert.ok(realtor >= 1 && realtor <= 1_000)
    assert.ok(['crmls', 'fmls'].includes(row[3]))
    if (row[4] === 'all') assert.equal(row[5], '')
    else assert.equal(row[5], row[5].toLowerCase())
    if (row[9] !== null && row[10] !== null) assert.ok(row[9] < row[10])
  }
})

test('within budget passes; a slow batch, a slow change, growth or a scan fails', () => {
  assert.ok(judgeAlerts({ small: run(1_000), large: run(1_200) }).every((b) => b.ok))
  const slow = judgeAlerts({ small: run(BATCH_BUDGET_MS + 1) })
  assert.deepEqual(
    slow.filter((b) => !b.ok).map((b) => b.name),
    [
      'small alert matching: a batch of 100 changed homes at 100,000 searches',
      ...(BATCH_BUDGET_MS / 100 < PER_CHANGE_BUDGET_MS ? [] : ['small alert matching: per changed home']),
    ],
  )
  const grew = judgeAlerts({ small: run(1_000), large: run(1_000 * GROWTH_BUDGET + 1) })
  assert.ok(grew.some((b) => !b.ok && b.name.includes('growth')))
  assert.ok(judgeAlerts({ small: run(1_000, 3) }).some((b) => !b.ok && b.name.includes('saved_searches_match')))
})

test('the report has a row per size', () => {
  const text = formatAlerts({ small: run(1_000), large: run(1_200) })
  assert.match(text, /\| small \| 100,000 \| 100 \| 1000 \|/)
  assert.match(text, /\| large \|/)
})
