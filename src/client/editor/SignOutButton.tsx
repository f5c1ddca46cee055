// Sign out: the server ends every session of the account, the browser forgets the spec's storage items.
// With unsaved changes it asks first, in our own dialog, before the session ends: "Stay" keeps the
// session, so Save still works; leaving then skips the browser's own beforeunload prompt.
import { useState } from 'react'
import { ConfirmDialog } from '../components/ConfirmDialog'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { clearSignIn } from '../lib/storage'
import { allowLeaving } from './leave-guard'

export function SignOutButton({
  messages,
  loginHref,
  unsaved = false,
}: {
  messages: Messages
  loginHref: string
  /** The editor has changes not saved yet. */
  unsaved?: boolean
}) {
  const [asking, setAsking] = useState(false)

  async function signOut() {
    allowLeaving()
    await api('/v1/auth/logout', { method: 'POST', json: {} }, t(messages, 'common.networkError'))
    clearSignIn()
    location.assign(loginHref)
  }

  function ask() {
    if (unsaved) setAsking(true)
    else void signOut()
  }

  return (
    <>
      <button type="button" className="button button--small button--ghost" onClick={ask}>
        {t(messages, 'builder.signOut')}
      </button>
      {/* Focus starts on the safe choice, which is also the prominent one. */}
      <ConfirmDialog
        open={asking}
        title={t(messages, 'builder.signOut.title')}
        description={<p>{t(messages, 'builder.signOut.lead')}</p>}
        cancelLabel={t(messages, 'builder.signOut.stay')}
        cancelPrimary
        initialFocus="cancel"
        confirmLabel={t(messages, 'builder.signOut.discard')}
        tone="danger"
        testId="sign-out-dialog"
        onConfirm={() => void signOut()}
        onCancel={() => setAsking(false)}
      />
    </>
  )
}
