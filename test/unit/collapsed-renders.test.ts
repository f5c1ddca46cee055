// Concurrent misses of one page collapse into one render (src/lib/page-cache.ts, CollapsedRenders;
// docs/decisions/076-cost-flat-caching.md).
import { describe, expect, it } from 'vitest'
import { CACHE_TAG, CollapsedRenders, SHARED_PAGE } from '../../src/lib/page-cache'

const later = <T>(value: T, ms = 20) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms))

function setup(respond: (n: number) => Response | Promise<Response>) {
  const renders = new CollapsedRenders()
  const background: Promise<unknown>[] = []
  let count = 0
  const run = (key = '/x') =>
    renders.run(
      key,
      async () => respond(++count),
      (promise) => background.push(promise),
    )
  return { renders, run, count: () => count, settled: () => Promise.all(background) }
}

const shared = (n: number) =>
  later(new Response(`page ${n}`, { headers: { 'cache-control': SHARED_PAGE, [CACHE_TAG]: 'realtor:1' } }))

describe('collapsed renders', () => {
  it('renders a page once for concurrent requests, each answered with its bytes', async () => {
    const { run, count, renders, settled } = setup(shared)
    const answers = await Promise.all([run(), run(), run(), run(), run()])
    expect(await Promise.all(answers.map((answer) => answer.text()))).toEqual(Array(5).fill('page 1'))
    expect(answers.every((answer) => answer.headers.get(CACHE_TAG) === 'realtor:1')).toBe(true)
    expect(count()).toBe(1)
    await settled()
    expect(renders.size).toBe(0)
    expect(await (await run()).text()).toBe('page 2') // nothing kept: the cache in front keeps pages
  })

  it('keeps different pages apart', async () => {
    const { run, count } = setup(shared)
    await Promise.all([run('/a'), run('/b'), run('/a')])
    expect(count()).toBe(2)
  })

  it('lets each render its own when the answer may not be shared, or the first render fails', async () => {
    const personal = setup((n) => later(new Response(`private ${n}`, { headers: { 'cache-control': 'private' } })))
    const texts = await Promise.all([personal.run(), personal.run(), personal.run()].map(async (r) => (await r).text()))
    expect(new Set(texts).size).toBe(3)
    expect(personal.count()).toBe(3)

    let first = true
    const failing = setup(async (n) => {
      if (first) {
        first = false
        await later(null)
        throw new Error('render failed')
      }
      return shared(n)
    })
    const [a, b] = await Promise.allSettled([failing.run(), failing.run()])
    expect(a.status).toBe('rejected')
    expect(b.status === 'fulfilled' && (await b.value.text())).toBe('page 2')
  })
})
