// The bench's spread-aware verdicts (bench/report.mjs, docs/decisions/074-bench-verdicts-on-cpu.md): the
// median's 95% interval is the right pair of order statistics, whatever the order of the rounds.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { medianInterval, medianOf, spreadOf } from '../../bench/report.mjs'

const shuffled = (n) => Array.from({ length: n }, (_, i) => (i * 7) % n)

test('the median interval of 32 rounds is their 10th and 23rd smallest, of 16 the 4th and 13th', () => {
  assert.deepEqual(medianInterval(shuffled(32)), [9, 22])
  assert.deepEqual(medianInterval(shuffled(16)), [3, 12])
})

test('too few rounds for a 95% interval give their whole range', () => {
  assert.deepEqual(medianInterval([3, 1, 2]), [1, 3])
})

test('a stalled round moves the spread, not the median or its interval', () => {
  const rounds = [...shuffled(31).map((i) => 0.9 + i / 1000), 10]
  assert.deepEqual(spreadOf(rounds), [0.9, 10])
  assert.ok(medianOf(rounds) < 0.92)
  assert.ok(medianInterval(rounds)[1] < 0.93)
})
