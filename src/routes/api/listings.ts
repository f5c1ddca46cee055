// The listings API (docs/product.md §7): GET /cozying-api/v1/home/list and /cozying-api/v1/agent. Public, no
// token, any origin; queries validated; answers cacheable. Embedded D1 listings, or the upstream API.
import type { Context } from 'hono'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import { agentQuerySchema, homeListQuerySchema } from '../../lib/listings/query'
import { listingSourceOf } from '../../lib/listings/source'
import { queryParams } from '../../middleware/api'

const listingSource = (c: Context<AppEnv>) => listingSourceOf(c.env, c.get('upstreamFetch'), c.get('dataCache'))

const CACHE_CONTROL = 'public, max-age=60, s-maxage=300'

async function answer(c: Context<AppEnv>, load: () => Promise<unknown>) {
  try {
    return c.json(await load(), 200, { 'Cache-Control': CACHE_CONTROL })
  } catch (cause) {
    if (cause instanceof AppError) throw cause
    throw new AppError(502, 'The listings service failed', { cause })
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
