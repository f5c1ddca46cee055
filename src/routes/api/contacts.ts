// POST /v1/realtor-contacts (docs/product.md §7): a visitor's message to a realtor, or a request of another kind
// (a question about a home, a tour, a valuation: docs/decisions/096-home-requests.md). Public, any origin (it is
// posted from realtors' own domains); validated, stored in D1 with its deliveries in one batch, answered,
// then forwarded (docs/decisions/069-contacts-answer-after-one-batch.md).
import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import type { AppEnv } from '../../env'
import { detailsOfRequest, homeSnapshot, tourDayIssues } from '../../lib/contacts/home'
import { isHomeKind } from '../../lib/contacts/requests'
import { type Contact, contactSchema } from '../../lib/contacts/schema'
import { insertContact } from '../../lib/contacts/store'
import { forwardContact } from '../../lib/contacts/webhook'
import { AppError } from '../../lib/errors'
import { outboxConfig } from '../../lib/outbox/config'
import { afterAnswer } from '../../lib/outbox/deliver'
import { realtorClock } from '../../lib/realtors/own-settings'
import { readRealtor } from '../../lib/realtors/public-read'
import type { Realtor } from '../../lib/realtors/types'
import { dayIn } from '../../lib/time-zone'
import { type FieldMessage, INVALID_INPUT_MESSAGE, validationMessage } from '../../lib/validation'
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

/**
 * What a request about a home or a tour needs beyond its schema (docs/decisions/096-home-requests.md): the
 * home of its ListingKey among the listings of the realtor's own MLS (a key of another MLS's home is refused
 * like a key no listing has), and tour days from today to 60 days ahead on the realtor's clock. Its problems
 * as field messages (none: the details to store).
 */
async function requestDetails(c: Context<AppEnv>, contact: Contact, realtor: Realtor) {
  const locale = apiLocale(c)
  const fields: FieldMessage[] = []
  const [home, clock] = await Promise.all([
    isHomeKind(contact.kind) && contact.listingKey ? homeSnapshot(c.env.DB, realtor, contact.listingKey) : null,
    contact.kind === 'tour' ? realtorClock(c.env.DB, contact.realtorId) : null,
  ])
  if (isHomeKind(contact.kind) && !home)
    fields.push({ path: 'listingKey', message: apiMessage(c, 'api.contacts.unknownHome') })
  if (clock) {
    for (const issue of tourDayIssues(contact, dayIn(Date.now(), clock.timeZone)))
      fields.push({ path: issue.path, message: validationMessage(issue.key, locale) })
  }
  if (fields.length) throw new AppError(400, INVALID_INPUT_MESSAGE[locale], { fields })
  return detailsOfRequest(contact, home)
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
  const details = await requestDetails(c, contact, realtor)
  await enforceRateLimit(c, c.env.CONTACT_LIMITER, (ip) => `contact:${ip}`, 'api.contacts.tooMany')
  const stored = await insertContact(c.env.DB, contact, locale, pageOf(c.req.header('referer')), details)
  // Stored is accepted: the visitor waits for the one batch, not for the webhook, email and push. Their
  // first attempt runs after the answer; what it does not settle (or an isolate that dies under it) the
  // cron retries, and each delivery's claim lets only one sender send it.
  const attempt = forwardContact(outboxConfig(c.env, c.get('upstreamFetch')), stored)
  c.executionCtx.waitUntil(afterAnswer(attempt, `contact ${stored.id}`))
  return c.json({ id: stored.id, createdAt: stored.createdAt }, 201)
})

export default app
