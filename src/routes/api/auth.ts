// /v1/auth: sign in with email and password (an HttpOnly session cookie for browsers and the same
// token as a bearer token for API clients), the hand-off of /login/redirect (started by the browser,
// its one-time code bound to that browser), sign out (every session of the account), who is signed in,
// and the service agreement. Whatever sets a cookie answers on the provider's hosts only
// (docs/decisions/087-sign-in-on-the-provider-host.md).
import { type Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../env'
import { adminCredentials, isRefusedPassword, sessionSecret } from '../../lib/accounts/config'
import { NO_PASSWORD } from '../../lib/accounts/invitation-state'
import { verifyPassword } from '../../lib/accounts/password'
import { recordAgreement } from '../../lib/accounts/settings'
import { mintSignInCode, redeemSignInCode } from '../../lib/accounts/sign-in-codes'
import {
  endSessions,
  ensureAdminAccount,
  findAccountByEmail,
  findAccountById,
  sessionClaimsOf,
  signInStateOf,
} from '../../lib/accounts/store'
import { AppError } from '../../lib/errors'
import { parseOrigins } from '../../lib/request-origin'
import { SESSION_COOKIE, SESSION_TTL_SECONDS, signSession } from '../../lib/session'
import { isProviderSite } from '../../lib/tenant'
import { newToken, TOKEN_PATTERN, tokenHash } from '../../lib/tokens'
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

/**
 * Sets the session cookie, on a provider host only: a realtor's own domain is a host whose DNS the realtor
 * controls, so a cookie there could be read by whatever they point it at (decision 087). Sign-in refuses
 * to run there (providerHostOnly); a password change made there with a bearer token gets its new token in
 * the answer and no cookie.
 */
export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  if (!isProviderSite(c.get('site'))) return
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

/**
 * Refuses, before anything runs, a route that would set a cookie on a realtor's own domain: sign-in and
 * the builder live on the provider's host, where a realtor's domain sends its builder pages (decision 087).
 */
export const providerHostOnly = () =>
  createMiddleware<AppEnv>(async function providerHostOnly(c, next) {
    if (!isProviderSite(c.get('site'))) {
      const message = apiMessage(c, 'api.auth.providerHostOnly', { origin: new URL(c.env.PUBLIC_ORIGIN).origin })
      throw new AppError(403, message, { code: 'provider_host_only' })
    }
    await next()
  })

/**
 * The hand-off's verifier (decision 086): a random token only the browser that started the hand-off holds,
 * HttpOnly, host-only, sent only to the hand-off's own paths and for as long as a sign-in elsewhere may take.
 */
const HANDOFF_COOKIE = 'handoff'
const HANDOFF_COOKIE_PATH = '/v1/auth/handoff'
const HANDOFF_TTL_SECONDS = 10 * 60
/** The query parameter the external sign-in receives the challenge in. */
const HANDOFF_CHALLENGE_PARAM = 'handoff_challenge'

/** The challenge of this browser's hand-off: the verifier cookie's SHA-256, or null when it holds none. */
async function challengeOfBrowser(c: Context<AppEnv>): Promise<string | null> {
  const verifier = getCookie(c, HANDOFF_COOKIE)
  return verifier && TOKEN_PATTERN.test(verifier) ? tokenHash(verifier) : null
}

/**
 * Where a hand-off may send the browser with its challenge: an https (or local http) address of an origin in
 * API_ALLOWED_ORIGINS, the external sign-ins this worker trusts; anything else is null.
 */
function handoffReturnAddress(c: Context<AppEnv>, value: string | undefined): URL | null {
  if (!value || value.length > 2048) return null
  try {
    const url = new URL(value)
    if (url.username || url.password || !parseOrigins(c.env.API_ALLOWED_ORIGINS).has(url.origin)) return null
    return url.protocol === 'https:' || isLocalHttp(url) ? url : null
  } catch {
    return null
  }
}

const app = new Hono<AppEnv>()

app.use('*', limitBody(16 * 1024))
for (const path of ['/login', '/handoff/start', '/handoff/exchange']) app.use(path, providerHostOnly())

app.post('/login', jsonBody(loginSchema), async (c) => {
  const { email, password } = c.req.valid('json')
  // Before any lookup or PBKDF2 (docs/decisions/026-sign-in-throttling.md).
  await enforceSignInLimits(c, email)
  const secret = sessionSecret(c.env)
  if (!secret) throw new AppError(500, apiMessage(c, 'api.config.sessionSecret'))
  await ensureAdminAccount(c.env.DB, adminCredentials(c.env))
  const account = await findAccountByEmail(c.env.DB, email)
  // An invited account has no password yet (docs/decisions/102-invitations.md): it is compared as an unknown
  // email is, so its refusal takes as long and tells nobody the account was invited.
  const stored = account && account.password_hash !== NO_PASSWORD ? account.password_hash : DUMMY_HASH
  const valid = await verifyPassword(password, stored)
  if (!account || !valid || isRefusedPassword(c.env, password))
    throw new AppError(401, apiMessage(c, 'api.auth.loginFailed'), { code: 'invalid_credentials' })
  const token = await signSession(sessionClaimsOf(account), secret)
  const state = signInStateOf(account)
  // A password the admin chose gets the browser no cookie: the sign-in form sends the token only to change the
  // password, whose answer sets the cookie (docs/decisions/106-temporary-passwords.md).
  if (!state.mustChangePassword) setSessionCookie(c, token)
  return c.json({ token, ...state })
})

/**
 * /login/redirect's hand-off (decision 086), in three steps. The browser starts it here: it gets the verifier
 * cookie and is sent to the external sign-in (`return_to`, an allowed origin) with the verifier's hash as
 * `handoff_challenge`. The external sign-in, holding our bearer token for the account, mints a code for that
 * challenge (POST /handoff) and sends the browser to /login/redirect#code=…, whose page trades it
 * (POST /handoff/exchange) with the cookie. A code sent to any other browser signs nobody in.
 */
app.get('/handoff/start', async (c) => {
  const returnTo = handoffReturnAddress(c, c.req.query('return_to'))
  if (!returnTo) throw new AppError(400, apiMessage(c, 'api.auth.handoffReturnTo'), { code: 'invalid_return_to' })
  const verifier = newToken()
  setCookie(c, HANDOFF_COOKIE, verifier, {
    httpOnly: true,
    secure: !isLocalHttp(new URL(c.req.url)),
    sameSite: 'Lax',
    path: HANDOFF_COOKIE_PATH,
    maxAge: HANDOFF_TTL_SECONDS,
  })
  returnTo.searchParams.set(HANDOFF_CHALLENGE_PARAM, await tokenHash(verifier))
  c.header('Cache-Control', 'no-store')
  return c.redirect(returnTo.href, 302)
})

/** A code for the signed-in caller's account, for the challenge of the browser that started the hand-off. */
app.post(
  '/handoff',
  jsonBody(z.strictObject({ challenge: z.string('handoff_challenge').regex(TOKEN_PATTERN, 'handoff_challenge') })),
  async (c) => {
    const account = await findAccountById(c.env.DB, requireUser(c).id)
    if (!account) throw new AppError(401, apiMessage(c, 'api.auth.accountGone'))
    const { code, expiresAt } = await mintSignInCode(c.env.DB, account, c.req.valid('json').challenge)
    return c.json({ code, expiresAt: new Date(expiresAt).toISOString() }, 201, { 'Cache-Control': 'no-store' })
  },
)

/** A code traded for the session cookie, once, by the browser whose challenge it was minted for. */
app.post(
  '/handoff/exchange',
  jsonBody(z.strictObject({ code: z.string().min(1, 'required').max(100, 'too_long') })),
  async (c) => {
    const secret = sessionSecret(c.env)
    if (!secret) throw new AppError(500, apiMessage(c, 'api.config.sessionSecret'))
    const redeemed = await redeemSignInCode(c.env.DB, c.req.valid('json').code, await challengeOfBrowser(c))
    if (redeemed === 'other-browser')
      throw new AppError(401, apiMessage(c, 'api.auth.handoffOtherBrowser'), { code: 'other_browser' })
    const account = redeemed ? await findAccountById(c.env.DB, redeemed.accountId) : null
    if (!account || account.token_version !== redeemed?.tokenVersion)
      throw new AppError(401, apiMessage(c, 'api.auth.sessionInvalid'), { code: 'invalid_code' })
    deleteCookie(c, HANDOFF_COOKIE, { path: HANDOFF_COOKIE_PATH, secure: !isLocalHttp(new URL(c.req.url)) })
    setSessionCookie(c, await signSession(sessionClaimsOf(account), secret))
    return c.json(signInStateOf(account))
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
  return c.json(signInStateOf(account))
})

export default app
