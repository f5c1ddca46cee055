// Sign out: the server clears the session cookie, the browser forgets the spec's storage items.
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { clearSignIn } from '../lib/storage'

export function SignOutButton({ messages, loginHref }: { messages: Messages; loginHref: string }) {
  async function signOut() {
    await api('/v1/auth/logout', { method: 'POST', json: {} }, t(messages, 'common.networkError'))
    clearSignIn()
    location.assign(loginHref)
  }
  return (
    <button type="button" className="button button--small button--ghost" onClick={signOut}>
      {t(messages, 'builder.signOut')}
    </button>
  )
}
