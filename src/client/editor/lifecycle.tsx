// The editor's parts of a homepage's lifecycle (docs/decisions/047-site-lifecycle.md): deleting by
// typing the address, and the warning, confirmation and outcome of an address change.
import { useState } from 'react'
import { ADDRESS_CHANGES_PER_DAY } from '../../lib/builder/address-state'
import { ConfirmDialog } from '../components/ConfirmDialog'
import { type Messages, t } from '../lib/messages'

/** A homepage's full address as visitors type it (`https://realtor.example.com/janekim`), from its desiredUrl. */
export type AddressOf = (desiredUrl: string) => string

export function DeleteDialog({
  open,
  messages,
  desiredUrl,
  addressOf,
  onDelete,
  onCancel,
}: {
  open: boolean
  messages: Messages
  desiredUrl: string
  addressOf: AddressOf
  /** Deletes; resolves to an error message to show, or null once deleted. */
  onDelete: (address: string) => Promise<string | null>
  onCancel: () => void
}) {
  const m = (key: string, values?: Record<string, string>) => t(messages, key, values)
  const [typed, setTyped] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const matches = typed.trim().toLowerCase() === desiredUrl.toLowerCase()
  const cancel = () => {
    setTyped('')
    setError(null)
    onCancel()
  }
  return (
    <ConfirmDialog
      open={open}
      title={m('builder.lifecycle.deleteTitle')}
      confirmLabel={m(busy ? 'builder.lifecycle.deleting' : 'builder.lifecycle.deleteConfirm')}
      cancelLabel={m('builder.lifecycle.cancel')}
      tone="danger-solid"
      confirmDisabled={!matches || busy}
      testId="delete-dialog"
      onCancel={cancel}
      onConfirm={async () => {
        setBusy(true)
        setError(await onDelete(typed.trim()))
        setBusy(false)
      }}
      description={<p>{m('builder.lifecycle.deleteIntro', { url: addressOf(desiredUrl) })}</p>}
    >
      <div className="field">
        <label htmlFor="delete-address">{m('builder.lifecycle.deleteType', { address: desiredUrl })}</label>
        <input
          id="delete-address"
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'delete-address-error' : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
        {error ? (
          <p id="delete-address-error" className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </ConfirmDialog>
  )
}

/** Old → new, both as full addresses. */
interface AddressChange {
  messages: Messages
  from: string
  to: string
  addressOf: AddressOf
}

function AddressPair({ messages, from, to, addressOf }: AddressChange) {
  return (
    <dl className="address-change__pair address-change__pair--boxed">
      <dt>{t(messages, 'builder.lifecycle.addressFrom')}</dt>
      <dd>
        <code>{addressOf(from)}</code>
      </dd>
      <dt>{t(messages, 'builder.lifecycle.addressTo')}</dt>
      <dd>
        <code>{addressOf(to)}</code>
      </dd>
    </dl>
  )
}

/**
 * Shown in the save bar while the address field differs from the saved address, before anything is
 * saved: one short line, so the sticky bar never hides the field being typed in on a phone.
 */
export function AddressChangeNotice({
  messages,
  from,
  to,
  addressOf,
  redirects,
}: AddressChange & { redirects: boolean }) {
  const notice = redirects ? 'builder.lifecycle.addressNotice' : 'builder.lifecycle.addressNoticeFree'
  return (
    <p className="address-change address-change--inline" data-testid="address-change" role="note">
      {t(messages, notice)} <code>{addressOf(from)}</code> → <code>{addressOf(to)}</code>
    </p>
  )
}

/** Asks once more on save when the address changes. */
export function AddressDialog({
  open,
  messages,
  from,
  to,
  addressOf,
  redirects,
  limited,
  onConfirm,
  onCancel,
}: AddressChange & {
  open: boolean
  /** The old address was published under: it will redirect and be held (decision 083). */
  redirects: boolean
  /** The realtor's own changes are limited to 3 a day (an admin's are not). */
  limited: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  const m = (key: string, values?: Record<string, string | number>) => t(messages, key, values)
  return (
    <ConfirmDialog
      open={open}
      title={m('builder.lifecycle.addressTitle')}
      confirmLabel={m('builder.lifecycle.addressConfirm')}
      cancelLabel={m('builder.lifecycle.cancel')}
      testId="address-dialog"
      onConfirm={onConfirm}
      onCancel={onCancel}
      description={
        <p>
          {m(redirects ? 'builder.lifecycle.addressWarning' : 'builder.lifecycle.addressWarningFree')}
          {limited ? ` ${m('builder.lifecycle.addressLimit', { limit: ADDRESS_CHANGES_PER_DAY })}` : ''}
        </p>
      }
    >
      <AddressPair messages={messages} from={from} to={to} addressOf={addressOf} />
    </ConfirmDialog>
  )
}
