// /v1/auth/password-reset: "forgot password" (docs/decisions/100-password-reset.md). A request answers the
// same for every address, before any lookup, and mails the link after the answer; the link's token and a
// new password (the one password rule) set the password once, end every other session, and sign in here.
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../../env'
import { sessionSecret } from '../../lib/accounts/config'
import { redeemPasswordReset, requestPasswordReset } from '../../lib/accounts/password-resets'
import { setPassword } from '../../lib/accounts/settings'
import { findAccountById, sessionClaimsOf, signInStateOf } from '../../lib/accounts/store'
import { passwordResetRequestSchema, passwordResetSchema } from '../../lib/builder/account'
import { AppError } from '../../lib/errors'
import { outboxConfig } from '../../lib/outbox/config'
import { afterAnswer } from '../../lib/outbox/deliver'
import { signSession } from '../../lib/session'
import { apiLocale, apiMessage, enforceRateLimit, jsonBody, limitBody } from '../../middleware/api'
import { executionContextOf } from '../../middleware/execution-context'
import { providerHostOnly, setSessionCookie } from './auth'

const NO_STORE = { 'Cache-Control': 'no-store' }

const app = new Hono<AppEnv>()

app.use('*', limitBody(4 * 1024))

/**
 * The same answer for any well-formed address, known or not: the lookup and the mail run after it
 * (waitUntil), so a known address is not slower either. Budgets per client address and per target email.
 */
app.post('/', jsonBody(passwordResetRequestSchema), async (c) => {
  const email = c.req.valid('json').email.toLowerCase()
  const everyone = { limitEveryone: true }
  const limiter = c.env.PASSWORD_RESET_LIMITER
  await enforceRateLimit(c, limiter, (ip) => `reset-ip:${ip}`, 'api.auth.resetTooMany', everyone)
  await enforceRateLimit(c, limiter, () => `reset-email:${email}`, 'api.auth.resetTooMany', everyone)
  const work = afterAnswer(
    requestPasswordReset(outboxConfig(c.env, c.get('upstreamFetch')), email, apiLocale(c)),
    'a password reset link',
  )
  const ctx = executionContextOf(c)
  if (ctx) ctx.waitUntil(work)
  else await work
  return c.json({ ok: true, message: apiMessage(c, 'api.auth.resetSent') }, 202, NO_STORE)
})

/** Sets the new password once; the link is spent even if the account is gone or its sessions ended since. */
app.post('/complete', providerHostOnly(), jsonBody(passwordResetSchema), async (c) => {
  const { token, password } = c.req.valid('json')
  const secret = sessionSecret(c.env)
  if (!secret) throw new AppError(500, apiMessage(c, 'api.config.sessionSecret'))
  const redeemed = await redeemPasswordReset(c.env.DB, token)
  const account = redeemed ? await findAccountById(c.env.DB, redeemed.accountId) : null
  if (!account || account.token_version !== redeemed?.tokenVersion)
    throw new AppError(400, apiMessage(c, 'api.auth.resetInvalid'), { code: 'invalid_reset_link' })
  return signInWithNewPassword(c, account.id, password, secret)
})

/**
 * What a mailed link's password does once its token is spent (a reset's, an invitation's): the password is
 * set, every other session ends, and this browser is signed in; the answer is a sign-in's.
 */
export async function signInWithNewPassword(c: Context<AppEnv>, accountId: number, password: string, secret: string) {
  // The trigger of migrations/0006 raises the token version with the hash: every other session ends.
  await setPassword(c.env.DB, accountId, password)
  const updated = await findAccountById(c.env.DB, accountId)
  if (!updated) throw new AppError(401, apiMessage(c, 'api.auth.accountGone'))
  setSessionCookie(c, await signSession(sessionClaimsOf(updated), secret))
  return c.json(signInStateOf(updated), 200, NO_STORE)
}

export default app
