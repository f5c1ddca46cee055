// The admin console's two confirmations, as modal dialogs: deleting a homepage (the admin types its
// address, as its owner would) and resetting a realtor's password (the temporary one is shown once).
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import type { AccountSummary } from '../../lib/accounts/list'
import { FormField } from '../components/FormField'
import { type Messages, t } from '../lib/messages'
import { addressMatches } from './account-actions'

/** A modal <dialog> open while `open` is true; Escape or the browser closing it calls onClose. */
function Modal({
  id,
  open,
  onClose,
  children,
}: {
  id: string
  open: boolean
  onClose: () => void
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={`${id}-title`} onClose={onClose} data-testid={id}>
      {open ? children : null}
    </dialog>
  )
}

export function DeleteDialog({
  row,
  messages,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  row: AccountSummary | null
  messages: Messages
  busy: boolean
  error: string
  onConfirm: (typed: string) => void
  onClose: () => void
}) {
  const m = (key: string, values?: Record<string, string | number>) => t(messages, key, values)
  const [typed, setTyped] = useState('')
  const [tried, setTried] = useState(false)
  useEffect(() => {
    setTyped('')
    setTried(false)
  }, [row])
  const matches = row ? addressMatches(row, typed) : false
  function submit(event: FormEvent) {
    event.preventDefault()
    setTried(true)
    if (matches) onConfirm(typed)
  }
  const mismatch = tried && !matches && row ? m('builder.admin.deleteMismatch', { address: row.desiredUrl ?? '' }) : ''
  return (
    <Modal id="delete-dialog" open={row !== null} onClose={onClose}>
      <form className="builder-form" onSubmit={submit} noValidate>
        <h2 id="delete-dialog-title">{m('builder.admin.deleteTitle', { address: row?.desiredUrl ?? '' })}</h2>
        <p className="muted">{m('builder.admin.deleteLead')}</p>
        <FormField
          id="delete-address"
          label={m('builder.admin.deleteAddress')}
          error={mismatch || error}
          className="field"
        >
          {(control) => (
            <input
              {...control}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              placeholder={row?.desiredUrl ?? ''}
            />
          )}
        </FormField>
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {m('builder.admin.cancel')}
          </button>
          <button type="submit" className="button button--danger" disabled={busy}>
            {m('builder.admin.deleteConfirm')}
          </button>
        </div>
      </form>
    </Modal>
  )
}

export function ResetDialog({
  row,
  messages,
  busy,
  error,
  password,
  onConfirm,
  onClose,
}: {
  row: AccountSummary | null
  messages: Messages
  busy: boolean
  error: string
  /** The temporary password once the reset succeeded. */
  password: string | null
  onConfirm: () => void
  onClose: () => void
}) {
  const m = (key: string, values?: Record<string, string | number>) => t(messages, key, values)
  const email = row?.email ?? ''
  return (
    <Modal id="reset-dialog" open={row !== null} onClose={onClose}>
      <h2 id="reset-dialog-title">{m('builder.admin.resetTitle', { email })}</h2>
      {password ? (
        <>
          <p>{m('builder.admin.resetDone', { email })}</p>
          <p className="temporary-password" data-testid="temporary-password">
            <code>{password}</code>
          </p>
        </>
      ) : (
        <p className="muted">{m('builder.admin.resetLead')}</p>
      )}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className={`button${password ? '' : ' button--ghost'}`} onClick={onClose}>
          {m(password ? 'builder.admin.close' : 'builder.admin.cancel')}
        </button>
        {password ? null : (
          <button type="button" className="button button--danger" disabled={busy} onClick={onConfirm}>
            {m('builder.admin.resetConfirm')}
          </button>
        )}
      </div>
    </Modal>
  )
}
