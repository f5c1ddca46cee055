// The admin console's confirmations, as modal dialogs: deleting a homepage (the admin types its address,
// as its owner would), resetting a realtor's password (the temporary one is shown once) and releasing an
// old address a homepage holds.
import { useEffect, useState } from 'react'
import type { AccountSummary } from '../../lib/accounts/list'
import { ConfirmDialog } from '../components/ConfirmDialog'
import { FormField } from '../components/FormField'
import { type Messages, t } from '../lib/messages'
import { addressMatches } from './account-actions'

/** What both dialogs take from the console: the account acted on (null: closed) and the call's state. */
interface AccountDialogProps {
  row: AccountSummary | null
  messages: Messages
  busy: boolean
  error: string
  onClose: () => void
}

export function DeleteDialog({
  row,
  messages,
  busy,
  error,
  onConfirm,
  onClose,
}: AccountDialogProps & { onConfirm: (typed: string) => void }) {
  const m = (key: string, values?: Record<string, string | number>) => t(messages, key, values)
  const [typed, setTyped] = useState('')
  const [tried, setTried] = useState(false)
  useEffect(() => {
    setTyped('')
    setTried(false)
  }, [row])
  const matches = row ? addressMatches(row, typed) : false
  function submit() {
    setTried(true)
    if (matches) onConfirm(typed)
  }
  const mismatch = tried && !matches && row ? m('builder.admin.deleteMismatch', { address: row.desiredUrl ?? '' }) : ''
  return (
    <ConfirmDialog
      open={row !== null}
      title={m('builder.admin.deleteTitle', { address: row?.desiredUrl ?? '' })}
      description={<p className="muted">{m('builder.admin.deleteLead')}</p>}
      cancelLabel={m('builder.admin.cancel')}
      confirmLabel={m('builder.admin.deleteConfirm')}
      tone="danger"
      confirmDisabled={busy}
      testId="delete-dialog"
      onConfirm={submit}
      onCancel={onClose}
    >
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
    </ConfirmDialog>
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
}: AccountDialogProps & {
  /** The temporary password once the reset succeeded. */
  password: string | null
  onConfirm: () => void
}) {
  const m = (key: string, values?: Record<string, string | number>) => t(messages, key, values)
  const email = row?.email ?? ''
  return (
    <ConfirmDialog
      open={row !== null}
      title={m('builder.admin.resetTitle', { email })}
      description={
        password ? (
          <p>{m('builder.admin.resetDone', { email })}</p>
        ) : (
          <p className="muted">{m('builder.admin.resetLead')}</p>
        )
      }
      cancelLabel={m(password ? 'builder.admin.close' : 'builder.admin.cancel')}
      // Once the password shows, only Close is left: the dialog then just informs.
      confirmLabel={password ? undefined : m('builder.admin.resetConfirm')}
      tone="danger"
      confirmDisabled={busy}
      testId="reset-dialog"
      onConfirm={onConfirm}
      onCancel={onClose}
    >
      {password ? (
        <p className="temporary-password" data-testid="temporary-password">
          <code>{password}</code>
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </ConfirmDialog>
  )
}

/** An old address to release and the homepage that holds it. */
export interface Releasing {
  row: AccountSummary
  address: string
}

export function ReleaseDialog({
  releasing,
  messages,
  busy,
  error,
  onConfirm,
  onClose,
}: Omit<AccountDialogProps, 'row'> & { releasing: Releasing | null; onConfirm: () => void }) {
  const m = (key: string, values?: Record<string, string | number>) => t(messages, key, values)
  const address = releasing?.address ?? ''
  return (
    <ConfirmDialog
      open={releasing !== null}
      title={m('builder.admin.releaseTitle', { address })}
      description={
        <p className="muted">{m('builder.admin.releaseLead', { address, current: releasing?.row.desiredUrl ?? '' })}</p>
      }
      cancelLabel={m('builder.admin.cancel')}
      confirmLabel={m('builder.admin.releaseConfirm')}
      tone="danger"
      confirmDisabled={busy}
      testId="release-dialog"
      onConfirm={onConfirm}
      onCancel={onClose}
    >
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </ConfirmDialog>
  )
}
