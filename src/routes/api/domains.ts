// The custom domain API (docs/decisions/053-custom-domains.md): a homepage's domain for its owner or an
// admin (/v1/realtors/{id}/domain), and for admins the list of domains and, in local mode, the simulator's
// controls (/v1/domains). Only an active domain serves; the rules live in src/lib/domains/service.ts.
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../../env'
import { domainOf, domainResponse, PROBLEM_KEYS } from '../../lib/domains/present'
import { DomainRuleError } from '../../lib/domains/service'
import { domainSetup } from '../../lib/domains/setup'
import { domainByHostname, listDomains } from '../../lib/domains/store'
import { TakeoverLimitError } from '../../lib/domains/takeovers'
import { DOMAIN_STATUSES, type DomainProblem, ProviderError } from '../../lib/domains/types'
import { AppError } from '../../lib/errors'
import type { Realtor } from '../../lib/realtors/types'
import { normalizeHost } from '../../lib/tenant'
import { INVALID_INPUT_MESSAGE } from '../../lib/validation'
import * as z from '../../lib/zod'
import { apiLocale, apiMessage, jsonBody, limitBody, queryParams, signedIn } from '../../middleware/api'
import { managedRealtor, requireAdmin, writableRealtor } from '../../middleware/permissions'

const NO_STORE = { 'Cache-Control': 'no-store' }

/** The environment's domain service; unconfigured outside local mode is a clear 503 naming nothing secret. */
function setupOf(c: Context<AppEnv>) {
  const setup = domainSetup(c.env, c.get('upstreamFetch'))
  if (setup.kind === 'unconfigured') {
    console.error(`[domains] custom domains are not configured: set ${setup.missing.join(', ')}`)
    throw new AppError(503, apiMessage(c, 'api.domain.notConfigured'), { code: 'domains_not_configured' })
  }
  return setup
}

const serviceOf = (c: Context<AppEnv>) => setupOf(c).service

const present = (c: Context<AppEnv>) => (problem: DomainProblem) => apiMessage(c, PROBLEM_KEYS[problem])

/** The text of each refusal of the rules. */
const RULE_KEYS = {
  invalid: 'api.domain.invalid',
  providerOwned: 'api.domain.providerOwned',
  taken: 'api.domain.taken',
  held: 'api.domain.held',
} as const

/** The limits of takeovers (decision 088): each its text, given the hours until a takeover passes again. */
const TAKEOVER_LIMIT_KEYS = {
  realtor: 'api.domain.takeoverLimit.realtor',
  hostname: 'api.domain.takeoverLimit.hostname',
} as const

/** The provider's refusal or failure in plain words; nothing was changed. */
function providerFailure(c: Context<AppEnv>, error: unknown): never {
  if (error instanceof DomainRuleError) {
    // Held: the hostname is someone's, for now (409, decision 088); the others are not a domain one may claim.
    throw new AppError(error.reason === 'held' ? 409 : 400, INVALID_INPUT_MESSAGE[apiLocale(c)], {
      ...(error.reason === 'held' ? { code: 'domain_held' } : {}),
      fields: [{ path: 'hostname', message: apiMessage(c, RULE_KEYS[error.reason]) }],
    })
  }
  if (error instanceof TakeoverLimitError) {
    c.header('Retry-After', String(error.retryAfter))
    const hours = Math.ceil(error.retryAfter / 3600)
    throw new AppError(429, apiMessage(c, TAKEOVER_LIMIT_KEYS[error.limit], { hours }))
  }
  if (!(error instanceof ProviderError)) throw error
  console.warn('[domains] the provider refused or failed:', error.message)
  switch (error.kind) {
    case 'invalid':
      throw new AppError(400, INVALID_INPUT_MESSAGE[apiLocale(c)], {
        fields: [{ path: 'hostname', message: apiMessage(c, 'api.domain.invalid') }],
      })
    case 'duplicate':
      // Cloudflare still has the hostname after our leftover was looked for: another account or service
      // holds it, and trying again will not help until it is released there.
      throw new AppError(400, INVALID_INPUT_MESSAGE[apiLocale(c)], {
        fields: [{ path: 'hostname', message: apiMessage(c, 'api.domain.heldElsewhere') }],
      })
    case 'rate_limited':
      c.header('Retry-After', '30')
      throw new AppError(429, apiMessage(c, 'api.domain.rateLimited'))
    case 'timeout':
      throw new AppError(504, apiMessage(c, 'api.domain.providerTimeout'))
    default:
      throw new AppError(502, apiMessage(c, 'api.domain.providerFailed'))
  }
}

const ownRealtor = (c: Context<AppEnv>): Promise<Realtor> => managedRealtor(c, c.req.param('id') ?? '')
/** A claim or a removal is a write: a deleted homepage takes none (410, decision 047). */
const ownWritableRealtor = (c: Context<AppEnv>): Promise<Realtor> => writableRealtor(c, c.req.param('id') ?? '')

export const realtorDomain = new Hono<AppEnv>()
realtorDomain.use('*', limitBody(4 * 1024), signedIn())

realtorDomain.get('/', async (c) => {
  const realtor = await ownRealtor(c)
  const answer = domainResponse(await serviceOf(c).view(realtor.id), present(c))
  return c.json(answer, 200, NO_STORE)
})

const claimSchema = z.object({ hostname: z.string().max(300) })

realtorDomain.put('/', jsonBody(claimSchema), async (c) => {
  const { hostname } = c.req.valid('json')
  const realtor = await ownWritableRealtor(c)
  const service = serviceOf(c)
  const row = await service.claim(realtor.id, hostname).catch((error: unknown) => providerFailure(c, error))
  return c.json({ domain: domainOf(row, present(c)) }, 200, NO_STORE)
})

realtorDomain.delete('/', async (c) => {
  const realtor = await ownWritableRealtor(c)
  const service = serviceOf(c)
  await service.remove(realtor.id).catch((error: unknown) => providerFailure(c, error))
  return c.body(null, 204, NO_STORE)
})

export const domainAdmin = new Hono<AppEnv>()
domainAdmin.use('*', limitBody(4 * 1024), signedIn(), async (c, next) => {
  requireAdmin(c, 'api.domain.adminOnly')
  await next()
})

const listQuerySchema = z.object({
  status: z.enum(DOMAIN_STATUSES).optional(),
  after: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
})

domainAdmin.get('/', queryParams(listQuerySchema), async (c) => {
  const { status, after, limit = 50 } = c.req.valid('query')
  const rows = await listDomains(c.env.DB, { status: status ?? null, afterId: Number(after ?? 0), limit: limit + 1 })
  const page = rows.slice(0, limit)
  const domains = page.map((row) => ({
    ...domainOf(row, present(c)),
    realtorId: row.realtorId,
    desiredUrl: row.desiredUrl,
  }))
  const next = rows.length > limit ? String(page[page.length - 1]!.id) : null
  return c.json({ domains, next }, 200, NO_STORE)
})

/** The simulator's controls: one step along, or a failure. Only in local mode without Cloudflare. */
for (const action of ['advance', 'fail'] as const) {
  domainAdmin.post(`/:hostname/${action}`, async (c) => {
    const { choice, service } = setupOf(c)
    if (choice.kind !== 'simulator') throw new AppError(404, apiMessage(c, 'api.domain.simulatorOnly'))
    const hostname = normalizeHost(c.req.param('hostname'))
    const row = hostname ? await domainByHostname(c.env.DB, hostname) : null
    if (!row?.providerId) throw new AppError(404, apiMessage(c, 'api.domain.notFound'))
    await (action === 'advance' ? choice.provider.advance(row.providerId) : choice.provider.fail(row.providerId))
    const next = await service.refresh(row, { force: true })
    return c.json({ domain: domainOf(next, present(c)) }, 200, NO_STORE)
  })
}
