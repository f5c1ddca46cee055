// The Inbox APIs (docs/decisions/049-inbox.md): a realtor's contacts at /v1/realtor-contacts (the
// realtor who owns the homepage, or an admin) and the landing page's leads at /v1/leads (admins only).
// One factory serves both: list (keyset pages, filters, search), one entry with its deliveries, PATCH of
// status and note, POST …/opened from the entry's page, and the CSV/JSON export. Someone else's entry
// answers 404, as if it did not exist.
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import { toCsv } from '../../lib/inbox/csv'
import { type EntryListQuery, entryListSchema, entryPatchSchema } from '../../lib/inbox/query'
import { contactSource, type InboxSource, leadSource } from '../../lib/inbox/source'
import {
  channelsOf,
  findEntry,
  listEntries,
  markOpened,
  type Scope,
  updateEntry,
  visibleChannels,
} from '../../lib/inbox/store'
import type { ContactEntry } from '../../lib/inbox/types'
import { realtorClock } from '../../lib/realtors/own-settings'
import { canManage, isAdmin } from '../../lib/realtors/permissions'
import { operatorTimeZone } from '../../lib/time-zone'
import { INVALID_INPUT_MESSAGE, validationMessage } from '../../lib/validation'
import { apiLocale, apiMessage, jsonBody, limitBody, queryParams, requireUser } from '../../middleware/api'
import { apiCors } from '../../middleware/cors'
import { requireAdmin } from '../../middleware/permissions'

const NO_STORE = { 'Cache-Control': 'no-store' }
/** Rows read per query while exporting; the export itself has no page size. */
const EXPORT_BATCH = 500

interface Access<T> {
  /** The scope the list may read, or a thrown 400/403/404. */
  scopeOf(c: Context<AppEnv>, query: EntryListQuery): Promise<Scope>
  /** Whether the signed-in user may see this entry. */
  canSee(c: Context<AppEnv>, entry: T): Promise<boolean>
}

const ID = '{[0-9]{1,15}}'

/** The days of `from` and `to` are the realtor's for their contacts, the operator's for the leads. */
async function clockOf(c: Context<AppEnv>, scope: Scope): Promise<string> {
  if (scope.realtorId === undefined) return operatorTimeZone(c.env)
  return (await realtorClock(c.env.DB, scope.realtorId)).timeZone
}

function inboxApi<T extends { id: number }>(source: InboxSource<T>, access: Access<T>, name: string) {
  const app = new Hono<AppEnv>()
  // Credentialed reads and writes from this site's pages (or API_ALLOWED_ORIGINS) only: no public read.
  const cors = apiCors({ isPublicRead: () => false })
  app.use('*', cors, limitBody(16 * 1024))

  const entryOr404 = async (c: Context<AppEnv>): Promise<T> => {
    requireUser(c)
    const id = Number(c.req.param('id'))
    const entry = Number.isSafeInteger(id) ? await findEntry(c.env.DB, source, id) : null
    if (!entry || !(await access.canSee(c, entry))) throw new AppError(404, apiMessage(c, 'api.inbox.notFound'))
    return entry
  }

  app.get('/', queryParams(entryListSchema), async (c) => {
    requireUser(c)
    const query = c.req.valid('query')
    const scope = await access.scopeOf(c, query)
    const filter = { ...query, timeZone: await clockOf(c, scope) }
    return c.json(await listEntries(c.env.DB, source, scope, filter), 200, NO_STORE)
  })

  app.get('/export', queryParams(entryListSchema), async (c) => {
    requireUser(c)
    const query = c.req.valid('query')
    const scope = await access.scopeOf(c, query)
    const timeZone = await clockOf(c, scope)
    const items: T[] = []
    let after: number | undefined
    do {
      const page = await listEntries(c.env.DB, source, scope, { ...query, timeZone, after, limit: EXPORT_BATCH })
      items.push(...page.items)
      after = page.next ? Number(page.next) : undefined
    } while (after !== undefined)
    const day = new Date().toISOString().slice(0, 10)
    const file = `${name}-${day}.${query.format}`
    const headers = { ...NO_STORE, 'Content-Disposition': `attachment; filename="${file}"` }
    if (query.format === 'json') return c.json({ items }, 200, headers)
    const heading = source.columns.map(([key]) => apiMessage(c, key as never))
    const rows = items.map((entry) => source.columns.map(([, cell]) => cell(entry, apiLocale(c))))
    return c.body(toCsv([heading, ...rows]), 200, { ...headers, 'Content-Type': 'text/csv; charset=utf-8' })
  })

  app.get(`/:id${ID}`, async (c) => {
    const entry = await entryOr404(c)
    const channels = visibleChannels(await channelsOf(c.env.DB, source, entry.id), requireUser(c).role)
    return c.json({ ...entry, channels }, 200, NO_STORE)
  })

  // The entry page's script says it was shown (decision 080): an unread entry becomes read, any other
  // status stays. A POST, never the page's GET, so a prefetch, a link preview or a crawler marks nothing.
  app.post(`/:id${ID}/opened`, async (c) => {
    const entry = await entryOr404(c)
    await markOpened(c.env.DB, source, entry.id)
    const opened = await findEntry(c.env.DB, source, entry.id)
    if (!opened) throw new AppError(404, apiMessage(c, 'api.inbox.notFound'))
    return c.json(opened, 200, NO_STORE)
  })

  app.patch(`/:id${ID}`, jsonBody(entryPatchSchema), async (c) => {
    const entry = await entryOr404(c)
    const updated = await updateEntry(c.env.DB, source, entry.id, c.req.valid('json'))
    if (!updated) throw new AppError(404, apiMessage(c, 'api.inbox.notFound'))
    return c.json(updated, 200, NO_STORE)
  })
  return app
}

/** The realtor's homepage: null when there is none, undefined when the signed-in user may not manage it. */
async function ownedRealtor(c: Context<AppEnv>, realtorId: number) {
  const user = requireUser(c)
  const realtor = await c.get('realtors').find(String(realtorId))
  if (!realtor || realtor.id !== realtorId) return null
  return canManage(user, realtor) ? realtor : undefined
}

export const contactInbox = inboxApi<ContactEntry>(
  contactSource,
  {
    async scopeOf(c, query) {
      if (query.realtorId === undefined) {
        const message = validationMessage('required', apiLocale(c))
        throw new AppError(400, INVALID_INPUT_MESSAGE[apiLocale(c)], { fields: [{ path: 'realtorId', message }] })
      }
      const realtor = await ownedRealtor(c, query.realtorId)
      if (realtor === null) throw new AppError(404, apiMessage(c, 'api.inbox.notFound'))
      if (!realtor) throw new AppError(403, apiMessage(c, 'api.inbox.forbidden'))
      return { realtorId: realtor.id }
    },
    canSee: async (c, entry) => Boolean(await ownedRealtor(c, entry.realtorId)),
  },
  'contacts',
)

const signedInAdmin = (c: Context<AppEnv>) => isAdmin(requireUser(c))

export const leadInbox = inboxApi(
  leadSource,
  {
    async scopeOf(c) {
      requireAdmin(c, 'api.inbox.adminOnly')
      return {}
    },
    canSee: async (c) => signedInAdmin(c),
  },
  'leads',
)
