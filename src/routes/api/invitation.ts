// /v1/auth/invitation: the page an invitation's mail opens (docs/decisions/102-invitations.md). The link's
// token and the realtor's own password (the one password rule, checked before the token is touched) accept
// the invitation once and sign this browser in, as a reset link does.
import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { sessionSecret } from '../../lib/accounts/config'
import { redeemInvitation } from '../../lib/accounts/invitations'
import { findAccountById } from '../../lib/accounts/store'
import { passwordResetSchema } from '../../lib/builder/account'
import { AppError } from '../../lib/errors'
import { apiMessage, jsonBody, limitBody } from '../../middleware/api'
import { providerHostOnly } from './auth'
import { signInWithNewPassword } from './password-reset'

const app = new Hono<AppEnv>()

app.use('*', limitBody(4 * 1024))

app.post('/complete', providerHostOnly(), jsonBody(passwordResetSchema), async (c) => {
  const { token, password } = c.req.valid('json')
  const secret = sessionSecret(c.env)
  if (!secret) throw new AppError(500, apiMessage(c, 'api.config.sessionSecret'))
  const redeemed = await redeemInvitation(c.env.DB, token)
  const account = redeemed ? await findAccountById(c.env.DB, redeemed.accountId) : null
  if (!account)
    throw new AppError(400, apiMessage(c, 'api.auth.invitationInvalid'), { code: 'invalid_invitation_link' })
  return signInWithNewPassword(c, account.id, password, secret)
})

export default app
