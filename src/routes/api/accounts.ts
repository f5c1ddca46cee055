// POST /v1/accounts (admin only): a new realtor account together with its homepage profile, so the
// admin console can onboard a realtor in one step (docs/decisions/041-accounts-endpoint.md).
import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { hashPassword } from '../../lib/accounts/password'
import { forgetSessionAccount } from '../../lib/accounts/store'
import { accountCreateSchema } from '../../lib/builder/account'
import { AppError } from '../../lib/errors'
import { d1Store, RealtorConflictError } from '../../lib/realtors/d1-store'
import { REALTOR_DEFAULTS } from '../../lib/realtors/schema'
import { realtorServiceOf } from '../../lib/realtors/service'
import { INVALID_INPUT_MESSAGE, validationMessage } from '../../lib/validation'
import { apiLocale, apiMessage, jsonBody, limitBody, requireUser, signedIn } from '../../middleware/api'

const app = new Hono<AppEnv>()

app.use('*', limitBody(16 * 1024))

app.post('/', signedIn(), jsonBody(accountCreateSchema), async (c) => {
  if (requireUser(c).role !== 'admin') throw new AppError(403, apiMessage(c, 'api.accounts.adminOnly'))
  const locale = apiLocale(c)
  const { email, password, name, desiredUrl } = c.req.valid('json')
  const taken = (path: string, key: 'email_taken' | 'desired_url_taken') =>
    new AppError(409, INVALID_INPUT_MESSAGE[locale], { fields: [{ path, message: validationMessage(key, locale) }] })
  if (await d1Store(c.env.DB).find(desiredUrl)) throw taken('desiredUrl', 'desired_url_taken')
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
    if (error instanceof RealtorConflictError) throw taken(error.field, 'desired_url_taken')
    throw error
  }
})

export default app
