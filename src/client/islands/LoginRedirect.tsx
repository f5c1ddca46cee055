// /login/redirect: completes an external sign-in. A one-time code arrives in the fragment (#code=),
// is taken out of the address bar at once and traded once for the HttpOnly session cookie
// (POST /v1/auth/handoff/exchange). A credential in the query (?token=, ?code=) or a session token in
// the fragment is never used: such a link could sign this browser into someone else's account.
import { useEffect, useState } from 'react'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { completeSignIn, type SignInResponse } from './LoginForm'

/** The messages this island reads (src/lib/island-messages.ts): all of builder.redirect.*, and the network failure. */
export const LOGIN_REDIRECT_MESSAGES = ['builder.redirect.', 'common.networkError'] as const

export interface LoginRedirectProps {
  messages: Messages
  localePrefix: string
  next: string | null
  loginHref: string
}

/** Names under which a link may carry a credential; removed from the address bar whatever they hold. */
const CREDENTIALS = ['code', 'token', 'access_token'] as const

export type RedirectCredential = { code: string } | 'invalid' | 'missing'

/** What a redirect URL carries: the fragment's one-time `code`; any credential in the query, or a token, is invalid. */
export function credentialOf(search: string, hash: string): RedirectCredential {
  const query = new URLSearchParams(search)
  const fragment = new URLSearchParams(hash.replace(/^#/, ''))
  if (CREDENTIALS.some((name) => query.has(name))) return 'invalid'
  if (fragment.has('token') || fragment.has('access_token')) return 'invalid'
  const code = fragment.get('code')
  return code ? { code } : 'missing'
}

export default function LoginRedirect({ messages, localePrefix, next, loginHref }: LoginRedirectProps) {
  const [error, setError] = useState('')

  useEffect(() => {
    const credential = credentialOf(location.search, location.hash)
    // The credential must not stay in history or leak through Referer.
    const clean = new URL(location.href)
    for (const name of CREDENTIALS) clean.searchParams.delete(name)
    clean.hash = ''
    history.replaceState(null, '', clean)
    if (credential === 'missing') return setError(t(messages, 'builder.redirect.missing'))
    if (credential === 'invalid')
      return setError(`${t(messages, 'builder.redirect.failed')} ${t(messages, 'builder.redirect.invalidLink')}`)
    const network = t(messages, 'common.networkError')
    void api<SignInResponse>('/v1/auth/handoff/exchange', { method: 'POST', json: credential }, network).then(
      (result) => {
        if (!result.ok) return setError(`${t(messages, 'builder.redirect.failed')} ${result.message}`)
        location.replace(completeSignIn(result.data, 'redirect', next, localePrefix))
      },
    )
  }, [messages, localePrefix, next])

  return (
    <div className="login-redirect" aria-live="polite">
      {error ? (
        <>
          <p className="form-error" role="alert">
            {error}
          </p>
          <a className="button" href={loginHref}>
            {t(messages, 'builder.redirect.toLogin')}
          </a>
        </>
      ) : (
        <span className="spinner" aria-hidden="true" />
      )}
    </div>
  )
}
