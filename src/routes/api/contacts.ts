// POST /v1/realtor-contacts (docs/product.md §7): a visitor's message to a realtor. Public, any origin (it is
// posted from realtors' own domains); validated, stored in D1 with its deliveries in one batch, answered,
// then forwarded (docs/decisions/069-contacts-answer-after-one-batch.md).
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import type { AppEnv } from '../../env'
import { contactSchema } from '../../lib/contacts/schema'
import { insertContact } from '../../lib/contacts/store'
import { forwardContact } from '../../lib/contacts/webhook'
import { AppError } from '../../lib/errors'
import { outboxConfig } from '../../lib/outbox/config'
import { afterAnswer } from '../../lib/outbox/deliver'
import { readRealtor } from '../../lib/realtors/public-read'
import { INVALID_INPUT_MESSAGE } from '../../lib/validation'
import { apiLocale, apiMessage, enforceRateLimit, jsonBody, limitBody } from '../../middleware/api'

/** The path of the page that sent the form (from Referer; no query, which may carry anything), capped. */
function pageOf(referer: string | undefined): string | null {
  if (!referer) return null
  try {
    return new URL(referer).pathname.slice(0, 300)
  } catch {
    return null
  }
}

const app = new Hono<AppEnv>()

// Only the public form's POST answers any origin (the one open write of src/middleware/origin.ts, which
// takes any origin's post as no one's); the inbox's reads and writes (./inbox.ts) do not.
app.on(
  ['POST', 'OPTIONS'],
  '/',
  cors({
    origin: '*',
    allowMethods: ['POST', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Accept-Language'],
    maxAge: 600,
  }),
)

app.post('/', limitBody(16 * 1024), jsonBody(contactSchema), async (c) => {
  const contact = c.req.valid('json')
  const locale = apiLocale(c)
  // Through the isolate's data cache, as the realtor API's read (decision 055): a realtor read lately costs
  // no round trip, so a contact to them costs its one batch (decision 069).
  const { realtor } = await readRealtor(c.get('dataCache'), String(contact.realtorId), (key) =>
    c.get('realtors').find(key),
  )
  // A deleted homepage is gone for its visitors (decision 047): no message is stored for it.
  if (!realtor || realtor.deletedAt) {
    throw new AppError(400, INVALID_INPUT_MESSAGE[locale], {
      fields: [{ path: 'realtorId', message: apiMessage(c, 'api.contacts.unknownRealtor') }],
    })
  }
  // Only an accepted message counts, against the contact form's own budget (CONTACT_LIMITER, 5 a minute
  // per client address): a visitor who corrects a refused form is not locked out, and leads sent from
  // the same address do not use it up.
  await enforceRateLimit(c, c.env.CONTACT_LIMITER, (ip) => `contact:${ip}`, 'api.contacts.tooMany')
  const stored = await insertContact(c.env.DB, contact, locale, pageOf(c.req.header('referer')))
  // Stored is accepted: the visitor waits for the one batch, not for the webhook, email and push. Their
  // first attempt runs after the answer; what it does not settle (or an isolate that dies under it) the
  // cron retries, and each delivery's claim lets only one sender send it.
  const attempt = forwardContact(outboxConfig(c.env, c.get('upstreamFetch')), stored)
  c.executionCtx.waitUntil(afterAnswer(attempt, `contact ${stored.id}`))
  return c.json({ id: stored.id, createdAt: stored.createdAt }, 201)
})

export default app
