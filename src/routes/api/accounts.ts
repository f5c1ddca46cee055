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
import { findAccountById } from '../../lib/accounts/store'
import { accountCreateSchema, accountListQuerySchema } from '../../lib/builder/account'
import { AppError } from '../../lib/errors'
import { d1Store, RealtorConflictError } from '../../lib/realtors/d1-store'
import { addressHeldUntil } from '../../lib/realtors/lifecycle'
import { REALTOR_DEFAULTS } from '../../lib/realtors/schema'
import { realtorServiceOf } from '../../lib/realtors/service'
import { apiMessage, jsonBody, limitBody, queryParams, signedIn } from '../../middleware/api'
import { executionContextOf } from '../../middleware/execution-context'
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
  const { email, password, name, desiredUrl } = c.req.valid('json')
  // Checked before the password is hashed; the database refuses them again should a race slip through.
  if (await d1Store(c.env.DB).find(desiredUrl))
    throw await conflictError(c, new RealtorConflictError('desiredUrl'), desiredUrl)
  if (await addressHeldUntil(c.env.DB, desiredUrl))
    throw await conflictError(c, new RealtorConflictError('desiredUrl', true), desiredUrl)
  const account = { email, name, passwordHash: await hashPassword(password) }
  try {
    // Both rows or neither (one D1 batch). The account's email is the homepage's first contact email: one
    // field fewer before publishing.
    const made = await realtorServiceOf(c.env, executionContextOf(c)).createWithAccount(
      { ...REALTOR_DEFAULTS, desiredUrl, email },
      account,
    )
    return c.json({ account: { id: made.accountId, email, name, role: 'realtor' }, realtor: made.realtor }, 201)
  } catch (error) {
    // A taken email, or an address taken or held meanwhile: a 409 naming the field, and no row made.
    throw error instanceof RealtorConflictError ? await conflictError(c, error, desiredUrl) : error
  }
})

export default app
