// Sign out: the server ends every session of the account, the browser forgets the spec's storage items.
// With unsaved changes it asks first, in our own dialog, before the session ends: "Stay" keeps the
// session, so Save still works; leaving then skips the browser's own beforeunload prompt.
import { useRef } from 'react'
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
  const dialog = useRef<HTMLDialogElement>(null)

  async function signOut() {
    allowLeaving()
    await api('/v1/auth/logout', { method: 'POST', json: {} }, t(messages, 'common.networkError'))
    clearSignIn()
    location.assign(loginHref)
  }

  function ask() {
    if (unsaved && dialog.current) dialog.current.showModal()
    else void signOut()
  }

  return (
    <>
      <button type="button" className="button button--small button--ghost" onClick={ask}>
        {t(messages, 'builder.signOut')}
      </button>
      <dialog
        ref={dialog}
        className="dialog"
        aria-labelledby="sign-out-title"
        aria-describedby="sign-out-lead"
        data-testid="sign-out-dialog"
      >
        <h2 id="sign-out-title">{t(messages, 'builder.signOut.title')}</h2>
        <p id="sign-out-lead">{t(messages, 'builder.signOut.lead')}</p>
        <div className="dialog__actions">
          {/* Focus starts on the safe choice. */}
          {/* biome-ignore lint/a11y/noAutofocus: a modal dialog's first focus belongs on its safe action */}
          <button type="button" className="button" autoFocus onClick={() => dialog.current?.close()}>
            {t(messages, 'builder.signOut.stay')}
          </button>
          <button type="button" className="button button--danger" onClick={() => void signOut()}>
            {t(messages, 'builder.signOut.discard')}
          </button>
        </div>
      </dialog>
    </>
  )
}
