// Rendering failures: a component that throws before the shell gives the 500 page; one that throws
// after the shell was sent ends the stream cleanly. Either way the worker stays healthy.
import { env } from 'cloudflare:test'
import { Hono } from 'hono'
import { Suspense, use } from 'react'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../../src/env'
import { siteOf } from '../../src/lib/tenant'
import { applyLocale } from '../../src/middleware/locale'
import { renderPage } from '../../src/render'
import { handleError } from '../../src/routes/errors'
import { call, heading } from '../helpers'

function ThrowsNow(): never {
  throw new Error('broken before the shell')
}

const later = () => new Promise<string>((_, reject) => setTimeout(() => reject(new Error('broken after the shell')), 5))
function ThrowsLater({ value }: { value: Promise<string> }) {
  return <p>{use(value)}</p>
}

const app = new Hono<AppEnv>()
app.use(async (c, next) => {
  c.set('site', siteOf(c.req.raw, c.env.PROVIDER_HOSTS))
  applyLocale(c, 'en')
  c.set('realtor', null)
  c.set('monitoring', null)
  await next()
})
const head = { title: 'Broken', description: 'A page that fails' }
// Each page twice: streamed (/before, /after), and rendered whole (/whole/…) as the page cache and
// bots get pages (src/lib/render-to-buffer.ts).
app.use('/whole/*', async (c, next) => {
  c.set('cacheable', true)
  await next()
})
for (const prefix of ['', '/whole']) {
  app.get(`${prefix}/before`, (c) => renderPage(c, <ThrowsNow />, { head }))
  app.get(`${prefix}/after`, (c) =>
    renderPage(
      c,
      <main>
        <h1>Shell</h1>
        <Suspense fallback={<p>Loading</p>}>
          <ThrowsLater value={later()} />
        </Suspense>
      </main>,
      { head },
    ),
  )
}
app.onError(handleError)

describe('rendering failures', () => {
  it.each(['', '/whole'])(
    '%s: a throw before the shell is the 500 page, never a half page with 200',
    async (prefix) => {
      const response = await app.request(`${prefix}/before`, {}, env)
      expect(response.status).toBe(500)
      expect(heading(await response.text())).toBe('Internal Server Error')
    },
  )

  it.each(['', '/whole'])(
    '%s: a throw after the shell keeps the shell and its boundary, and ends the page',
    async (prefix) => {
      const response = await app.request(`${prefix}/after`, {}, env)
      expect(response.status).toBe(200)
      const html = await response.text()
      expect(heading(html)).toBe('Shell')
      expect(html).toContain('</html>')
    },
  )

  it('leaves the next 100 requests healthy', async () => {
    for (let round = 0; round < 5; round++) {
      for (const prefix of ['', '/whole']) {
        await app.request(`${prefix}/before`, {}, env)
        await (await app.request(`${prefix}/after`, {}, env)).text()
      }
    }
    const statuses = await Promise.all(
      Array.from({ length: 100 }, async (_, index) => {
        const response = await call(index % 2 ? '/en/terms' : '/en/janekim')
        await response.arrayBuffer()
        return response.status
      }),
    )
    expect(statuses.every((status) => status === 200)).toBe(true)
  })
})
