// The landing page's APIs: POST /api/send-to-slack (lead requests: stored in D1 with their delivery in one
// batch, answered, then relayed to Slack; the cron retries what Slack did not take, decision 069) and POST /api/events (first-party analytics).
import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { LANDING_EVENTS } from '../../lib/analytics'
import { countEvent } from '../../lib/analytics-store'
import { AppError } from '../../lib/errors'
import { relayLead } from '../../lib/leads/relay'
import { leadSchema } from '../../lib/leads/schema'
import { insertLead } from '../../lib/leads/store'
import { LOCALES } from '../../lib/locale'
import { outboxConfig } from '../../lib/outbox/config'
import { afterAnswer } from '../../lib/outbox/deliver'
import { fetchUpstream, upstreamTimeout } from '../../lib/upstream'
import * as z from '../../lib/zod'
import { apiLocale, apiMessage, enforceRateLimit, jsonBody, limitBody } from '../../middleware/api'
import { ownPagesOnly } from '../../middleware/origin'

const eventSchema = z.strictObject({
  name: z.enum(LANDING_EVENTS),
  deviceType: z.enum(['mobile', 'tablet', 'desktop']),
  locale: z.enum(LOCALES),
})

const app = new Hono<AppEnv>()

app.post('/send-to-slack', limitBody(8 * 1024), jsonBody(leadSchema), async (c) => {
  // Only a valid lead counts against the budget (LEAD_LIMITER): a visitor who corrects a refused
  // form is not locked out by their own mistakes. Refused bodies are small, parsed and never stored.
  await enforceRateLimit(c, c.env.LEAD_LIMITER, (ip) => `lead:${ip}`, 'api.leads.tooMany')
  const lead = await insertLead(c.env.DB, c.req.valid('json'), apiLocale(c))
  // Stored is accepted: the relay to Slack runs after the answer, and what it does not settle waits in D1
  // for the cron. `status` says so: 'pending' (delivery to follow) on every answer.
  c.executionCtx.waitUntil(afterAnswer(relayLead(outboxConfig(c.env, c.get('upstreamFetch')), lead), `lead ${lead.id}`))
  return c.json({ id: lead.id, status: 'pending' }, 201)
})

// Events come from our own pages only, a bounded number a minute per address, 1 KB at most each.
app.post('/events', ownPagesOnly(), limitBody(1024), async (c, next) => {
  await enforceRateLimit(c, c.env.EVENTS_LIMITER, (ip) => `events:${ip}`, 'api.events.tooMany')
  await next()
})

app.post('/events', async (c) => {
  // sendBeacon posts text/plain or a typed Blob; read the text whatever the content type says.
  let body: unknown
  try {
    body = JSON.parse(await c.req.text())
  } catch {
    body = null
  }
  const parsed = eventSchema.safeParse(body)
  if (!parsed.success) throw new AppError(400, apiMessage(c, 'api.events.invalid'))
  const event = parsed.data
  await countEvent(c.env.DB, event)
  const endpoint = c.env.ANALYTICS_ENDPOINT
  if (endpoint) {
    const forward = new Request(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...event, at: new Date().toISOString() }),
    })
    c.executionCtx.waitUntil(
      fetchUpstream(c.get('upstreamFetch'), forward, upstreamTimeout(c.env.UPSTREAM_TIMEOUT_MS), 'discard').catch(
        (error: unknown) => console.warn('[events] forwarding failed', error),
      ),
    )
  }
  return c.body(null, 204)
})

export default app
