// /v1/accounts/me: the signed-in account changes its own name, email and password, or signs out of
// every device (docs/decisions/046-account-settings.md). Every check of the current password spends
// the sign-in budgets first; a password change ends every other session and signs this caller in again.
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../../env'
import { sessionSecret } from '../../lib/accounts/config'
import { verifyPassword } from '../../lib/accounts/password'
import { setPassword, updateAccount } from '../../lib/accounts/settings'
import { type AccountRow, endSessions, findAccountById, sessionClaimsOf, sessionUserOf } from '../../lib/accounts/store'
import { accountUpdateSchema, passwordChangeSchema } from '../../lib/builder/account'
import { AppError } from '../../lib/errors'
import { purgeRealtor } from '../../lib/realtors/service'
import { signSession } from '../../lib/session'
import { INVALID_INPUT_MESSAGE, validationMessage } from '../../lib/validation'
import { apiLocale, apiMessage, jsonBody, limitBody, requireUser, signedIn } from '../../middleware/api'
import { executionContextOf } from '../../middleware/execution-context'
import { clearSessionCookie, enforceSignInLimits, setSessionCookie } from './auth'

const app = new Hono<AppEnv>()

app.use('*', limitBody(16 * 1024), signedIn())

const NO_STORE = { 'Cache-Control': 'no-store' }

async function signedInAccount(c: Context<AppEnv>): Promise<AccountRow> {
  const account = await findAccountById(c.env.DB, requireUser(c).id)
  if (!account) throw new AppError(401, apiMessage(c, 'api.auth.accountGone'))
  return account
}

/** A 400 naming one field, in the caller's language. */
function fieldError(c: Context<AppEnv>, path: string, message: string, status: 400 | 409 = 400): AppError {
  return new AppError(status, INVALID_INPUT_MESSAGE[apiLocale(c)], { fields: [{ path, message }] })
}

/** Throttled like sign-in, then the account's own password or a 400 on `currentPassword`. */
async function checkCurrentPassword(c: Context<AppEnv>, account: AccountRow, password: string | undefined) {
  if (!password) throw fieldError(c, 'currentPassword', validationMessage('required', apiLocale(c)))
  await enforceSignInLimits(c, account.email)
  if (!(await verifyPassword(password, account.password_hash)))
    throw fieldError(c, 'currentPassword', apiMessage(c, 'api.account.wrongPassword'))
}

app.get('/', async (c) => {
  const account = await signedInAccount(c)
  return c.json({ user: sessionUserOf(account) }, 200, NO_STORE)
})

/** A new name (shown at once on the homepage, whose caches are purged) and/or email. */
app.patch('/', jsonBody(accountUpdateSchema), async (c) => {
  const { name, email, currentPassword } = c.req.valid('json')
  const account = await signedInAccount(c)
  const emailChanges = email !== undefined && email !== account.email
  if (emailChanges) await checkCurrentPassword(c, account, currentPassword)
  const written = await updateAccount(c.env.DB, account.id, { name, email: emailChanges ? email : undefined })
  if (!written) throw fieldError(c, 'email', validationMessage('email_taken', apiLocale(c)), 409)
  if (account.realtor_id !== null && name !== undefined && name !== account.name)
    await purgeRealtor(c.env, account.realtor_id, executionContextOf(c))
  const updated = await signedInAccount(c)
  return c.json({ user: sessionUserOf(updated) }, 200, NO_STORE)
})

/**
 * A new password: every earlier session and bearer token ends (the token version rises with the
 * hash), and the caller gets a new session cookie and token, so this browser stays signed in. It is the
 * realtor's own, so a password the admin chose stops being asked to change (decision 106); the sign-in
 * form's "choose your own password" step posts here with the token of the sign-in it just made.
 */
app.post('/password', jsonBody(passwordChangeSchema), async (c) => {
  const { currentPassword, newPassword } = c.req.valid('json')
  const account = await signedInAccount(c)
  await checkCurrentPassword(c, account, currentPassword)
  // The same password again is no change, and would keep one the admin chose (decision 106).
  if (newPassword === currentPassword) throw fieldError(c, 'newPassword', apiMessage(c, 'api.account.samePassword'))
  const secret = sessionSecret(c.env)
  if (!secret) throw new AppError(500, apiMessage(c, 'api.config.sessionSecret'))
  await setPassword(c.env.DB, account.id, newPassword)
  const updated = await signedInAccount(c)
  const token = await signSession(sessionClaimsOf(updated), secret)
  setSessionCookie(c, token)
  return c.json({ token, user: sessionUserOf(updated) }, 200, NO_STORE)
})

/** Every session and bearer token of the account ends, this browser's too. */
app.post('/sign-out-everywhere', async (c) => {
  await endSessions(c.env.DB, requireUser(c).id)
  clearSessionCookie(c)
  return c.json({ ok: true }, 200, NO_STORE)
})

export default app
