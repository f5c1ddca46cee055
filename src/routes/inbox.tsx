// The Inbox pages (docs/decisions/049-inbox.md): a realtor's /{desiredUrl}/admin/inbox and one entry at
// /admin/inbox/{id} (its script marks it read once shown, decision 080), and the admin's /admin/leads on
// the provider's site.
// Mounted in src/worker.ts on every site, like the builder.
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../env'
import { findBuyer, listBuyers } from '../lib/buyers/inbox'
import { AppError } from '../lib/errors'
import { entryListSchema } from '../lib/inbox/query'
import { contactSource, type InboxSource, leadSource } from '../lib/inbox/source'
import {
  channelsOf,
  type EntryFilter,
  findEntry,
  listEntries,
  type Scope,
  unreadContacts,
  visibleChannels,
} from '../lib/inbox/store'
import type { ContactEntry, LeadEntry } from '../lib/inbox/types'
import { realtorClock } from '../lib/realtors/own-settings'
import { canManage } from '../lib/realtors/permissions'
import type { Realtor } from '../lib/realtors/types'
import { operatorTimeZone } from '../lib/time-zone'
import { sitePath } from '../lib/urls'
import { auth } from '../middleware/auth'
import { requirePageAdmin, requirePageManager } from '../middleware/permissions'
import { builderNav, renderBuilderPage as render } from '../render'
import { BuyerDetailPage, BuyersListPage } from '../views/builder/BuyersPages'
import { InboxEntryPage } from '../views/builder/InboxEntryPage'
import { filterQuery, InboxPage } from '../views/builder/InboxPage'

const PAGE_SIZE = 50

/** The inbox this site shows to the signed-in user: a realtor's contacts, or (provider site) the leads. */
interface Box<T> {
  source: InboxSource<T>
  scope: Scope
  path: string
  apiBase: string
  exportQuery: URLSearchParams
  realtor: Realtor | null
}

function notFound(c: Context<AppEnv>): never {
  throw new AppError(404, c.get('intl').formatMessage({ id: 'api.inbox.notFound' }))
}

function contactBox(c: Context<AppEnv>): Box<ContactEntry> {
  const realtor = c.get('realtor')
  // The provider's site has no contacts, and a deleted homepage no builder screens but /admin.
  if (!realtor || realtor.deletedAt) notFound(c)
  requirePageManager(c, realtor)
  return {
    source: contactSource,
    scope: { realtorId: realtor.id },
    path: sitePath(c.var, '/admin/inbox'),
    apiBase: '/v1/realtor-contacts',
    exportQuery: new URLSearchParams({ realtorId: String(realtor.id) }),
    realtor,
  }
}

function leadBox(c: Context<AppEnv>): Box<LeadEntry> {
  if (c.get('realtor')) notFound(c)
  requirePageAdmin(c)
  const path = `${c.get('localePrefix')}/admin/leads`
  return {
    source: leadSource,
    scope: {},
    path,
    apiBase: '/v1/leads',
    exportQuery: new URLSearchParams(),
    realtor: null,
  }
}

/** The list's filter from the URL; a value that does not parse is left out rather than failing the page. */
function filterOf(c: Context<AppEnv>): EntryFilter {
  const defaults = entryListSchema.parse({})
  const query: Record<string, string> = {}
  for (const key of ['status', 'kind', 'q', 'from', 'to', 'after'] as const) {
    const value = c.req.query(key)
    if (value && entryListSchema.safeParse({ [key]: value }).success) query[key] = value
  }
  return { ...defaults, ...entryListSchema.parse(query), limit: PAGE_SIZE }
}

/** The page's clock: the realtor's zone for their inbox, the operator's for the Leads view. */
async function useClockOf(c: Context<AppEnv>, box: Pick<Box<unknown>, 'realtor'>): Promise<string> {
  const zone = box.realtor ? (await realtorClock(c.env.DB, box.realtor.id)).timeZone : operatorTimeZone(c.env)
  c.set('timeZone', zone)
  return zone
}

async function listPage<T extends ContactEntry | LeadEntry>(c: Context<AppEnv>, box: Box<T>, titleId: string) {
  const filter = { ...filterOf(c), timeZone: await useClockOf(c, box) }
  const page = await listEntries(c.env.DB, box.source, box.scope, filter)
  // The list's own unread count is the navigation's (the realtor's whole inbox, whatever the filter).
  const nav = box.realtor ? builderNav(c, 'inbox', page.unread) : undefined
  const exportHref = (format: 'csv' | 'json') => {
    const query = new URLSearchParams([...box.exportQuery, ...filterQuery(filter), ['format', format]])
    return `${box.apiBase}/export?${query}`
  }
  const view = {
    kind: box.realtor ? ('contacts' as const) : ('leads' as const),
    page,
    filter,
    path: box.path,
    exportHref,
  }
  return render(c, titleId, (ctx, title) => <InboxPage ctx={ctx} title={title} view={view} nav={nav} />)
}

async function entryPage<T extends ContactEntry | LeadEntry>(c: Context<AppEnv>, box: Box<T>) {
  const id = Number(c.req.param('id'))
  const entry = Number.isSafeInteger(id) ? await findEntry(c.env.DB, box.source, id) : null
  if (!entry || ('realtorId' in entry && entry.realtorId !== box.scope.realtorId)) notFound(c)
  // A GET changes nothing (decision 080): the page's island marks an unread entry read once it is shown,
  // by POST …/opened; without script it stays unread until the realtor marks it.
  const [channels] = await Promise.all([channelsOf(c.env.DB, box.source, id), useClockOf(c, box)])
  const shown = visibleChannels(channels, c.get('user')!.role)
  const nav = box.realtor ? builderNav(c, 'inbox', await unreadContacts(c.env.DB, box.realtor.id)) : undefined
  return render(
    c,
    'inbox.entryTitle',
    (ctx, title) => (
      <InboxEntryPage
        ctx={ctx}
        title={title}
        entry={entry}
        channels={shown}
        listHref={box.path}
        apiPath={`${box.apiBase}/${entry.id}`}
        nav={nav}
      />
    ),
    { values: { name: entry.name } },
  )
}

/**
 * The site's realtor whose buyers the signed-in user may see (docs/decisions/109-buyers-in-the-inbox.md).
 * The list answers another realtor's user as the inbox does (403, nothing shown); one buyer's page answers
 * 404, exactly as for an id that does not exist, so an id says nothing about whose buyer it is.
 */
function buyersRealtor(c: Context<AppEnv>, foreign: 'forbidden' | 'notFound'): Realtor {
  const realtor = c.get('realtor')
  if (!realtor || realtor.deletedAt) notFound(c)
  if (foreign === 'forbidden') requirePageManager(c, realtor)
  else if (!canManage(c.get('user'), realtor))
    throw new AppError(404, c.get('intl').formatMessage({ id: 'buyers.notFound' }))
  return realtor
}

async function buyersPage(c: Context<AppEnv>) {
  const realtor = buyersRealtor(c, 'forbidden')
  const cursor = c.req.query('after') ?? ''
  // A cursor that does not parse is the first page, as the inbox's filters are.
  const after = /^[1-9][0-9]{0,14}$/.test(cursor) ? Number(cursor) : undefined
  const [page, unread] = await Promise.all([
    listBuyers(c.env.DB, realtor.id, { after, limit: PAGE_SIZE }),
    unreadContacts(c.env.DB, realtor.id),
    useClockOf(c, { realtor }),
  ])
  const path = sitePath(c.var, '/admin/inbox/buyers')
  return render(c, 'buyers.title', (ctx, title) => (
    <BuyersListPage
      ctx={ctx}
      title={title}
      page={page}
      path={path}
      after={after}
      nav={builderNav(c, 'inbox', unread)}
    />
  ))
}

async function buyerPage(c: Context<AppEnv>) {
  const realtor = buyersRealtor(c, 'notFound')
  const id = Number(c.req.param('id'))
  const [buyer, unread] = await Promise.all([
    Number.isSafeInteger(id) ? findBuyer(c.env.DB, realtor.id, id) : null,
    unreadContacts(c.env.DB, realtor.id),
    useClockOf(c, { realtor }),
  ])
  if (!buyer) throw new AppError(404, c.get('intl').formatMessage({ id: 'buyers.notFound' }))
  return render(
    c,
    'buyers.buyerTitle',
    (ctx, title) => (
      <BuyerDetailPage
        ctx={ctx}
        title={title}
        buyer={buyer}
        listHref={sitePath(c.var, '/admin/inbox/buyers')}
        nav={builderNav(c, 'inbox', unread)}
      />
    ),
    { values: { name: buyer.name || buyer.email } },
  )
}

const inboxPages = new Hono<AppEnv>()

for (const path of ['/admin/inbox', '/admin/inbox/*', '/admin/leads', '/admin/leads/*'])
  inboxPages.use(path, auth({ requireUser: true }))

inboxPages.get('/admin/inbox', (c) => listPage(c, contactBox(c), 'inbox.title'))
inboxPages.get('/admin/inbox/:id{[0-9]{1,15}}', (c) => entryPage(c, contactBox(c)))
inboxPages.get('/admin/inbox/buyers', buyersPage)
inboxPages.get('/admin/inbox/buyers/:id{[0-9]{1,15}}', buyerPage)
inboxPages.get('/admin/leads', (c) => listPage(c, leadBox(c), 'inbox.leadsTitle'))
inboxPages.get('/admin/leads/:id{[0-9]{1,15}}', (c) => entryPage(c, leadBox(c)))

export default inboxPages
