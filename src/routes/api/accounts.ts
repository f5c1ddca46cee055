// /v1/accounts (admin only): a new realtor account together with its homepage profile, so the admin
// console can onboard a realtor in one step (docs/decisions/041-accounts-endpoint.md); the console's
// list, paged by key and searched; a realtor's password reset to a temporary one shown once
// (docs/decisions/046-account-settings.md).
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../env'
import { listAccounts } from '../../lib/accounts/list'
import { hashPassword } from '../../lib/accounts/password'
import { setPassword, temporaryPassword } from '../../lib/accounts/settings'
import { findAccountById, forgetSessionAccount } from '../../lib/accounts/store'
import { accountCreateSchema, accountListQuerySchema } from '../../lib/builder/account'
import { AppError } from '../../lib/errors'
import { d1Store, RealtorConflictError } from '../../lib/realtors/d1-store'
import { addressHeldUntil } from '../../lib/realtors/lifecycle'
import { REALTOR_DEFAULTS } from '../../lib/realtors/schema'
import { realtorServiceOf } from '../../lib/realtors/service'
import { INVALID_INPUT_MESSAGE, validationMessage } from '../../lib/validation'
import { apiLocale, apiMessage, jsonBody, limitBody, queryParams, signedIn } from '../../middleware/api'
import { requireAdmin } from '../../middleware/permissions'
import { conflictError } from './address-conflict'

const app = new Hono<AppEnv>()

app.use('*', limitBody(16 * 1024))

/** Admins only: 401 signed out, 403 for a realtor, before anything is read. */
const adminOnly = () =>
  createMiddleware<AppEnv>(async function adminOnly(c, next) {
    requireAdmin(c, 'api.account.adminOnly')
    await next()
  })

app.get('/', adminOnly(), queryParams(accountListQuerySchema), async (c) => {
  const { q, after, limit } = c.req.valid('query')
  const page = await listAccounts(c.env.DB, { query: q, after, limit })
  return c.json(page, 200, { 'Cache-Control': 'no-store' })
})

/**
 * A realtor's password becomes a random temporary one, answered once and stored only as its hash; the
 * realtor's sessions end with the old password. Admin accounts are not reset here.
 */
app.post('/:id{[0-9]+}/password-reset', adminOnly(), async (c) => {
  const id = Number(c.req.param('id'))
  const account = Number.isSafeInteger(id) ? await findAccountById(c.env.DB, id) : null
  if (!account) throw new AppError(404, apiMessage(c, 'api.account.notFound'))
  if (account.role !== 'realtor') throw new AppError(403, apiMessage(c, 'api.account.resetRealtorsOnly'))
  const password = temporaryPassword()
  await setPassword(c.env.DB, account.id, password)
  return c.json({ temporaryPassword: password }, 200, { 'Cache-Control': 'no-store' })
})

app.post('/', signedIn(), jsonBody(accountCreateSchema), async (c) => {
  requireAdmin(c, 'api.accounts.adminOnly')
  const locale = apiLocale(c)
  const { email, password, name, desiredUrl } = c.req.valid('json')
  const taken = (path: string, key: 'email_taken' | 'desired_url_taken') =>
    new AppError(409, INVALID_INPUT_MESSAGE[locale], { fields: [{ path, message: validationMessage(key, locale) }] })
  if (await d1Store(c.env.DB).find(desiredUrl)) throw taken('desiredUrl', 'desired_url_taken')
  // Checked before the account is made; the database refuses it again should a race slip through.
  if (await addressHeldUntil(c.env.DB, desiredUrl))
    throw await conflictError(c, new RealtorConflictError('desiredUrl', true), desiredUrl)
  const account = await c.env.DB.prepare(
    `INSERT INTO accounts (email, name, role, password_hash) VALUES (?, ?, 'realtor', ?)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
  )
    .bind(email, name, await hashPassword(password))
    .first<{ id: number }>()
  if (!account) throw taken('email', 'email_taken')
  try {
    // The account's email is the homepage's first contact email: one field fewer before publishing.
    const realtor = await realtorServiceOf(c.env).create({ ...REALTOR_DEFAULTS, desiredUrl, email }, account.id)
    return c.json({ account: { id: account.id, email, name, role: 'realtor' }, realtor }, 201)
  } catch (error) {
    // The profile could not be made (a desiredUrl taken meanwhile): no account without its profile.
    await c.env.DB.prepare('DELETE FROM accounts WHERE id = ?').bind(account.id).run()
    forgetSessionAccount(c.env.DB, account.id)
    if (error instanceof RealtorConflictError)
      throw error.held ? await conflictError(c, error, desiredUrl) : taken(error.field, 'desired_url_taken')
    throw error
  }
})

export default app
