// The ownership gate (src/lib/realtors/permissions.ts) as the routes use it: each helper answers with
// the translated 401, 403 or 404 its kind of route has always given, so a route only names the realtor.
import type { Context } from 'hono'
import type { AppEnv, SessionUser } from '../env'
import { AppError } from '../lib/errors'
import type { MessageKey } from '../lib/i18n'
import { d1Store } from '../lib/realtors/d1-store'
import { daysAfter, formatDay, KEEP_DELETED_DAYS } from '../lib/realtors/lifecycle'
import { canManage, isAdmin } from '../lib/realtors/permissions'
import type { Realtor } from '../lib/realtors/types'
import { apiLocale, apiMessage, requireUser } from './api'

/**
 * An API's caller, when it may manage `realtor`: 401 signed out, else 403 with `forbidden` (the realtor
 * API's message unless the route has its own).
 */
export function requireManager(
  c: Context<AppEnv>,
  realtor: Pick<Realtor, 'userId'>,
  forbidden: MessageKey = 'api.realtor.forbidden',
): SessionUser {
  const user = requireUser(c)
  if (!canManage(user, realtor)) throw new AppError(403, apiMessage(c, forbidden))
  return user
}

/**
 * The realtor an API path names by id (`/v1/realtor/{id}/…`), for a caller who may manage it: 401, then
 * 404 for an id that is no realtor (or not an id at all), then 403.
 */
export async function managedRealtor(c: Context<AppEnv>, id: string): Promise<Realtor> {
  const user = requireUser(c)
  const realtor = /^\d{1,15}$/.test(id) ? await d1Store(c.env.DB).find(id) : null
  if (!realtor) throw new AppError(404, apiMessage(c, 'api.realtor.notFound', { id: id.slice(0, 20) }))
  if (!canManage(user, realtor)) throw new AppError(403, apiMessage(c, 'api.realtor.forbidden'))
  return realtor
}

/**
 * The realtor an API write names (managedRealtor), unless its homepage is deleted: a deleted homepage takes
 * no write from anyone, admins included, until it is restored (docs/decisions/047): 410 `deleted`, saying
 * when it was deleted and until when it is kept. Every write under a realtor's id asks this, never its own check.
 */
export async function writableRealtor(c: Context<AppEnv>, id: string): Promise<Realtor> {
  const realtor = await managedRealtor(c, id)
  if (realtor.deletedAt) {
    const locale = apiLocale(c)
    const until = daysAfter(realtor.deletedAt, KEEP_DELETED_DAYS)
    const values = { date: formatDay(realtor.deletedAt, locale), until: formatDay(until, locale) }
    throw new AppError(410, apiMessage(c, 'builder.lifecycle.apiDeleted', values), { code: 'deleted' })
  }
  return realtor
}

/** An API's caller, when an admin: 401 signed out, else 403 with the route's own message. */
export function requireAdmin(c: Context<AppEnv>, forbidden: MessageKey): SessionUser {
  const user = requireUser(c)
  if (!isAdmin(user)) throw new AppError(403, apiMessage(c, forbidden))
  return user
}

/**
 * A builder page's user (signed in: `auth({ requireUser: true })` ran first), when it may manage the
 * site's realtor: else the translated 403 page.
 */
export function requirePageManager<E extends AppEnv>(c: Context<E>, realtor: Pick<Realtor, 'userId'>): SessionUser {
  const user = c.get('user')
  if (!user || !canManage(user, realtor)) throw pageForbidden(c)
  return user
}

/** A builder page for admins only: the same translated 403 page for anyone else. */
export function requirePageAdmin<E extends AppEnv>(c: Context<E>): SessionUser {
  const user = c.get('user')
  if (!user || !isAdmin(user)) throw pageForbidden(c)
  return user
}

const pageForbidden = <E extends AppEnv>(c: Context<E>) =>
  new AppError(403, c.get('intl').formatMessage({ id: 'builder.forbidden' }))
