// /login/redirect: completes an external sign-in. A one-time code arrives in the fragment (#code=),
// is taken out of the address bar at once and traded once for the HttpOnly session cookie
// (POST /v1/auth/handoff/exchange), which works only in the browser that started the hand-off
// (docs/decisions/086-hand-off-bound-to-its-browser.md). The page then says whose account it signed into
// before it moves on. A credential in the query (?token=, ?code=) or a session token in the fragment is
// never used: such a link could sign this browser into someone else's account.
import { useEffect, useState } from 'react'
import type { Locale } from '../../lib/locale'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { completeSignIn, type SignInResponse } from './LoginForm'

/** The messages this island reads (src/lib/island-messages.ts): all of builder.redirect.*, and the network failure. */
export const LOGIN_REDIRECT_MESSAGES = ['builder.redirect.', 'common.networkError'] as const

export interface LoginRedirectProps {
  messages: Messages
  /** The page's language, for the API's messages. */
  locale: Locale
  localePrefix: string
  next: string | null
  loginHref: string
}

/** Names under which a link may carry a credential; removed from the address bar whatever they hold. */
const CREDENTIALS = ['code', 'token', 'access_token'] as const

/** How long the page shows whose account it signed into before it moves on by itself. */
const SHOW_SIGNED_IN_MS = 1500

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

export default function LoginRedirect({ messages, locale, localePrefix, next, loginHref }: LoginRedirectProps) {
  const [error, setError] = useState('')
  const [signedIn, setSignedIn] = useState<{ text: string; destination: string } | null>(null)

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
    const exchange = { method: 'POST', json: credential, language: locale }
    void api<SignInResponse>('/v1/auth/handoff/exchange', exchange, network).then((result) => {
      if (!result.ok) return setError(`${t(messages, 'builder.redirect.failed')} ${result.message}`)
      const destination = completeSignIn(result.data, 'redirect', next, localePrefix)
      const { name, email } = result.data.user
      const text = name
        ? t(messages, 'builder.redirect.signedInAs', { name, email })
        : t(messages, 'builder.redirect.signedInAsEmail', { email })
      setSignedIn({ text, destination })
      setTimeout(() => location.replace(destination), SHOW_SIGNED_IN_MS)
    })
  }, [messages, locale, localePrefix, next])

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
      ) : signedIn ? (
        <>
          <p className="notice notice--ok" role="status">
            {signedIn.text}
          </p>
          <a className="button" href={signedIn.destination}>
            {t(messages, 'builder.redirect.continue')}
          </a>
        </>
      ) : (
        <span className="spinner" aria-hidden="true" />
      )}
    </div>
  )
}
