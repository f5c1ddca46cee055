// The listings API (docs/product.md §7): GET /cozying-api/v1/home/list and /cozying-api/v1/agent. Public, no
// token, any origin; queries validated; answers cacheable. Embedded D1 listings, or the upstream API.
import type { Context } from 'hono'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import { agentQuerySchema, homeListQuerySchema } from '../../lib/listings/query'
import { listingSourceOf } from '../../lib/listings/source'
import { apiMessage, queryParams } from '../../middleware/api'

const listingSource = (c: Context<AppEnv>) => listingSourceOf(c.env, c.get('upstreamFetch'), c.get('dataCache'))

const CACHE_CONTROL = 'public, max-age=60, s-maxage=300'

async function answer(c: Context<AppEnv>, load: () => Promise<unknown>) {
  try {
    return c.json(await load(), 200, { 'Cache-Control': CACHE_CONTROL })
  } catch (cause) {
    // An upstream's own failure (502, 504 from src/lib/upstream.ts) keeps its status and code, in the
    // caller's language; anything else that is not ours is a 502.
    if (cause instanceof AppError && cause.status < 500) throw cause
    const status = cause instanceof AppError ? cause.status : 502
    const code = cause instanceof AppError ? cause.code : undefined
    throw new AppError(status, apiMessage(c, 'api.listings.failed'), { code, cause })
  }
}

const app = new Hono<AppEnv>()
app.use('*', cors({ origin: '*', allowMethods: ['GET', 'HEAD', 'OPTIONS'] }))

app.get('/v1/home/list', queryParams(homeListQuerySchema), (c) => {
  const query = c.req.valid('query')
  return answer(c, () => listingSource(c).homeList(query))
})

app.get('/v1/agent', queryParams(agentQuerySchema), (c) => {
  const query = c.req.valid('query')
  return answer(c, () => listingSource(c).agent(query))
})

export default app
