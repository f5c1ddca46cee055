// /v1/accounts (admin only): a new realtor account together with its homepage profile, so the admin
// console can onboard a realtor in one step (docs/decisions/041-accounts-endpoint.md); the console's
// list, paged by key and searched; a realtor's password reset to a temporary one shown once
// (docs/decisions/046-account-settings.md); a realtor invited by mail, the invitation resent or revoked
// (docs/decisions/102-invitations.md).
import { type Context, Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../env'
import { NO_PASSWORD } from '../../lib/accounts/invitation-state'
import { invitationOf, issueInvitation, revokeInvitation, sendInvitation } from '../../lib/accounts/invitations'
import { listAccounts } from '../../lib/accounts/list'
import { hashPassword } from '../../lib/accounts/password'
import { setPassword, temporaryPassword } from '../../lib/accounts/settings'
import { findAccountById } from '../../lib/accounts/store'
import { accountCreateSchema, accountListQuerySchema, invitationCreateSchema } from '../../lib/builder/account'
import { AppError } from '../../lib/errors'
import { leadInvitation, markLeadConverted } from '../../lib/leads/conversion'
import type { Locale } from '../../lib/locale'
import { outboxConfig } from '../../lib/outbox/config'
import { d1Store, RealtorConflictError } from '../../lib/realtors/d1-store'
import { addressHeldUntil } from '../../lib/realtors/lifecycle'
import { REALTOR_DEFAULTS } from '../../lib/realtors/schema'
import { realtorServiceOf } from '../../lib/realtors/service'
import { apiMessage, jsonBody, limitBody, queryParams, signedIn } from '../../middleware/api'
import { executionContextOf } from '../../middleware/execution-context'
import { requireAdmin } from '../../middleware/permissions'
import { conflictError } from './address-conflict'

const NO_STORE = { 'Cache-Control': 'no-store' }

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
  // The realtor is asked to choose their own at the next sign-in (docs/decisions/106-temporary-passwords.md).
  await setPassword(c.env.DB, account.id, password, { temporary: true })
  return c.json({ temporaryPassword: password }, 200, { 'Cache-Control': 'no-store' })
})

app.post('/', signedIn(), jsonBody(accountCreateSchema), async (c) => {
  requireAdmin(c, 'api.accounts.adminOnly')
  const { email, password, name, desiredUrl } = c.req.valid('json')
  // Checked before the password is hashed; the database refuses them again should a race slip through.
  await refuseTakenAddress(c, desiredUrl)
  // A password the admin typed is temporary: the realtor chooses their own at the first sign-in (decision 106).
  const made = await createRealtorAccount(c, { email, name, desiredUrl }, await hashPassword(password), true)
  return c.json({ account: { id: made.accountId, email, name, role: 'realtor' }, realtor: made.realtor }, 201)
})

/** A 409 naming the address when a homepage has it or left it within the hold. */
async function refuseTakenAddress(c: Context<AppEnv>, desiredUrl: string) {
  if (await d1Store(c.env.DB).find(desiredUrl))
    throw await conflictError(c, new RealtorConflictError('desiredUrl'), desiredUrl)
  if (await addressHeldUntil(c.env.DB, desiredUrl))
    throw await conflictError(c, new RealtorConflictError('desiredUrl', true), desiredUrl)
}

/** The account and its homepage, both rows or neither (one D1 batch); a taken email or address is a 409. */
async function createRealtorAccount(
  c: Context<AppEnv>,
  { email, name, desiredUrl }: { email: string; name: string; desiredUrl: string },
  passwordHash: string,
  passwordTemporary = false,
) {
  try {
    // The account's email is the homepage's first contact email: one field fewer before publishing.
    return await realtorServiceOf(c.env, executionContextOf(c)).createWithAccount(
      { ...REALTOR_DEFAULTS, desiredUrl, email },
      { email, name, passwordHash, passwordTemporary },
    )
  } catch (error) {
    throw error instanceof RealtorConflictError ? await conflictError(c, error, desiredUrl) : error
  }
}

/** Mails a new invitation link; false (logged) when the mail could not go: the console offers a resend. */
async function mailInvitation(
  c: Context<AppEnv>,
  account: { id: number; email: string; name: string },
  locale: Locale,
): Promise<{ issued: boolean; mailed: boolean }> {
  const config = outboxConfig(c.env, c.get('upstreamFetch'))
  const issued = await issueInvitation(c.env.DB, account.id, locale)
  if (!issued) return { issued: false, mailed: false }
  try {
    await sendInvitation(config, { to: account.email, name: account.name, token: issued.token, locale })
    return { issued: true, mailed: true }
  } catch (error) {
    console.error('[invitations] the mail was not sent', error)
    return { issued: true, mailed: false }
  }
}

/**
 * A realtor invited by mail (docs/decisions/102-invitations.md): the account without a password, its homepage,
 * and a link in the chosen language that lets the realtor set their own. From a landing lead, the lead is
 * marked converted. The mail's failure does not undo the account: the answer says so and the console resends.
 */
app.post('/invitations', signedIn(), jsonBody(invitationCreateSchema), async (c) => {
  requireAdmin(c, 'api.accounts.adminOnly')
  const { email, name, desiredUrl, locale, leadId } = c.req.valid('json')
  if (leadId !== undefined) {
    const lead = await leadInvitation(c.env.DB, leadId)
    if (!lead) throw new AppError(404, apiMessage(c, 'api.inbox.notFound'))
    if (lead.convertedAt) throw new AppError(409, apiMessage(c, 'api.invitation.leadConverted'))
  }
  await refuseTakenAddress(c, desiredUrl)
  const made = await createRealtorAccount(c, { email, name, desiredUrl }, NO_PASSWORD)
  const account = { id: made.accountId, email, name }
  const { mailed } = await mailInvitation(c, account, locale)
  if (leadId !== undefined) await markLeadConverted(c.env.DB, leadId, made.accountId)
  const invitation = await invitationOf(c.env.DB, made.accountId)
  return c.json({ account: { ...account, role: 'realtor' }, realtor: made.realtor, invitation, mailed }, 201, NO_STORE)
})

/** The invited realtor account of the path, or a translated 404 / 409. */
async function invitedAccount(c: Context<AppEnv>) {
  const id = Number(c.req.param('id'))
  const account = Number.isSafeInteger(id) ? await findAccountById(c.env.DB, id) : null
  if (account?.role !== 'realtor') throw new AppError(404, apiMessage(c, 'api.account.notFound'))
  return account
}

/**
 * A new link in the invitation's language (the old one dies), valid a full lifetime again, a revoked one too;
 * refused once the realtor has a password.
 */
app.post('/:id{[0-9]+}/invitation', adminOnly(), async (c) => {
  const account = await invitedAccount(c)
  const current = await invitationOf(c.env.DB, account.id)
  const { issued, mailed } = await mailInvitation(c, account, current?.locale ?? 'ko')
  if (!issued) throw new AppError(409, apiMessage(c, 'api.invitation.accepted'))
  return c.json({ invitation: await invitationOf(c.env.DB, account.id), mailed }, 200, NO_STORE)
})

/** The link dies; the account stays, without a usable password, and its unpublished homepage with it. */
app.delete('/:id{[0-9]+}/invitation', adminOnly(), async (c) => {
  const account = await invitedAccount(c)
  if (!(await revokeInvitation(c.env.DB, account.id)))
    throw new AppError(409, apiMessage(c, 'api.invitation.notRevocable'))
  return c.json({ invitation: await invitationOf(c.env.DB, account.id) }, 200, NO_STORE)
})

export default app
