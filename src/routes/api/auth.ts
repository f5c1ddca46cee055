// /v1/auth: sign in with email and password (an HttpOnly session cookie for browsers and the same
// token as a bearer token for API clients), the one-time hand-off code of /login/redirect, sign out
// (every session of the account), who is signed in, and the service agreement.
import { type Context, Hono } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../../env'
import { adminCredentials, isRefusedPassword, sessionSecret } from '../../lib/accounts/config'
import { verifyPassword } from '../../lib/accounts/password'
import { recordAgreement } from '../../lib/accounts/settings'
import { mintSignInCode, redeemSignInCode } from '../../lib/accounts/sign-in-codes'
import {
  endSessions,
  ensureAdminAccount,
  findAccountByEmail,
  findAccountById,
  sessionClaimsOf,
  sessionUserOf,
} from '../../lib/accounts/store'
import { AppError } from '../../lib/errors'
import { SESSION_COOKIE, SESSION_TTL_SECONDS, signSession } from '../../lib/session'
import * as z from '../../lib/zod'
import { apiMessage, enforceRateLimit, jsonBody, limitBody, requireUser } from '../../middleware/api'

/** Compared against when the email is unknown, so both failures take the same time. */
const DUMMY_HASH = 'pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'

const loginSchema = z.strictObject({
  email: z.string().trim().min(1, 'required').max(254, 'too_long'),
  password: z.string().min(1, 'password').max(200, 'too_long'),
})

/** Secure everywhere but plain-http localhost, where browsers would drop a Secure cookie. */
export function isLocalHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
}

export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: !isLocalHttp(new URL(c.req.url)),
    sameSite: 'Lax',
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  })
}

/** Removes this browser's session cookie (after its sessions were ended). */
export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: !isLocalHttp(new URL(c.req.url)) })
}

/**
 * The budgets every password check spends before it hashes anything: per address across emails (a
 * spray), per address and email, then per account across addresses (docs/decisions/026). The
 * settings page's checks of the current password spend the same budgets as sign-in.
 */
export async function enforceSignInLimits(c: Context<AppEnv>, email: string): Promise<void> {
  const who = email.toLowerCase()
  const everyone = { limitEveryone: true }
  await enforceRateLimit(c, c.env.AUTH_ADDRESS_LIMITER, (ip) => ip, 'api.auth.tooMany', everyone)
  await enforceRateLimit(c, c.env.AUTH_LIMITER, (ip) => `${ip}:${who}`, 'api.auth.tooMany', everyone)
  await enforceRateLimit(c, c.env.AUTH_ACCOUNT_LIMITER, () => who, 'api.auth.tooMany', everyone)
}

const app = new Hono<AppEnv>()

app.use('*', limitBody(16 * 1024))

app.post('/login', jsonBody(loginSchema), async (c) => {
  const { email, password } = c.req.valid('json')
  // Before any lookup or PBKDF2 (docs/decisions/026-sign-in-throttling.md).
  await enforceSignInLimits(c, email)
  const secret = sessionSecret(c.env)
  if (!secret) throw new AppError(500, apiMessage(c, 'api.config.sessionSecret'))
  await ensureAdminAccount(c.env.DB, adminCredentials(c.env))
  const account = await findAccountByEmail(c.env.DB, email)
  const valid = await verifyPassword(password, account?.password_hash ?? DUMMY_HASH)
  if (!account || !valid || isRefusedPassword(c.env, password))
    throw new AppError(401, apiMessage(c, 'api.auth.loginFailed'), { code: 'invalid_credentials' })
  const token = await signSession(sessionClaimsOf(account), secret)
  setSessionCookie(c, token)
  return c.json({ token, user: sessionUserOf(account), agreedAt: account.agreed_at })
})

/**
 * /login/redirect's hand-off: a signed-in caller (an external sign-in holding our bearer token) mints a
 * one-time code, sends the browser to /login/redirect#code=…, and the page trades the code here for
 * the session cookie. A code works once and for two minutes; a session token is never accepted here.
 */
app.post('/handoff', async (c) => {
  const account = await findAccountById(c.env.DB, requireUser(c).id)
  if (!account) throw new AppError(401, apiMessage(c, 'api.auth.accountGone'))
  const { code, expiresAt } = await mintSignInCode(c.env.DB, account)
  return c.json({ code, expiresAt: new Date(expiresAt).toISOString() }, 201, { 'Cache-Control': 'no-store' })
})

app.post(
  '/handoff/exchange',
  jsonBody(z.strictObject({ code: z.string().min(1, 'required').max(100, 'too_long') })),
  async (c) => {
    const secret = sessionSecret(c.env)
    if (!secret) throw new AppError(500, apiMessage(c, 'api.config.sessionSecret'))
    const redeemed = await redeemSignInCode(c.env.DB, c.req.valid('json').code)
    const account = redeemed ? await findAccountById(c.env.DB, redeemed.accountId) : null
    if (!account || account.token_version !== redeemed?.tokenVersion)
      throw new AppError(401, apiMessage(c, 'api.auth.sessionInvalid'), { code: 'invalid_code' })
    setSessionCookie(c, await signSession(sessionClaimsOf(account), secret))
    return c.json({ user: sessionUserOf(account), agreedAt: account.agreed_at })
  },
)

/** Ends every session of the signed-in account (cookies and bearer tokens alike), then the cookie. */
app.post('/logout', async (c) => {
  const user = c.get('user')
  if (user) await endSessions(c.env.DB, user.id)
  clearSessionCookie(c)
  return c.json({ ok: true })
})

/** Records that the signed-in account accepted the service agreement (/agreement); the first time counts. */
app.post('/agreement', async (c) => {
  const user = requireUser(c)
  await recordAgreement(c.env.DB, user.id)
  const account = await findAccountById(c.env.DB, user.id)
  if (!account) throw new AppError(401, apiMessage(c, 'api.auth.accountGone'))
  return c.json({ agreedAt: account.agreed_at })
})

app.get('/me', async (c) => {
  const account = await findAccountById(c.env.DB, requireUser(c).id)
  if (!account) throw new AppError(401, apiMessage(c, 'api.auth.accountGone'))
  return c.json({ user: sessionUserOf(account), agreedAt: account.agreed_at })
})

export default app
