// /login/redirect: completes an external sign-in. The token arrives in the query (?token=) or the
// fragment (#token= or #access_token=); it is taken out of the address bar at once, exchanged for
// the HttpOnly session cookie (POST /v1/auth/session) and never kept by scripts.
import { useEffect, useState } from 'react'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { completeSignIn, type SignInResponse } from './LoginForm'

export interface LoginRedirectProps {
  messages: Messages
  localePrefix: string
  next: string | null
  loginHref: string
}

/** The token of a redirect URL: query `token`, or fragment `token` / `access_token`. */
export function tokenOf(search: string, hash: string): string | null {
  const query = new URLSearchParams(search)
  const fragment = new URLSearchParams(hash.replace(/^#/, ''))
  return query.get('token') ?? fragment.get('token') ?? fragment.get('access_token')
}

export default function LoginRedirect({ messages, localePrefix, next, loginHref }: LoginRedirectProps) {
  const [error, setError] = useState('')

  useEffect(() => {
    const token = tokenOf(location.search, location.hash)
    // The token must not stay in history or leak through Referer.
    const clean = new URL(location.href)
    clean.searchParams.delete('token')
    clean.hash = ''
    history.replaceState(null, '', clean)
    if (!token) return setError(t(messages, 'builder.redirect.missing'))
    void api<SignInResponse>('/v1/auth/session', { method: 'POST', json: { token } }).then((result) => {
      if (!result.ok) return setError(`${t(messages, 'builder.redirect.failed')} ${result.message}`)
      location.replace(completeSignIn(result.data, 'redirect', next, localePrefix))
    })
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
