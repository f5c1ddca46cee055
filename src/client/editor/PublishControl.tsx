// The editor's publish switch (docs/decisions/043-publishing.md): the homepage's state (Published / Not
// published) and one button, Publish or Unpublish, that asks first in a modal dialog naming the public
// address. It changes only `isMakeHomepage`: what goes public is what was last saved, so the dialog says
// when the form holds unsaved changes. A homepage that misses what the rules need on it (the realtor's license,
// the brokerage's name: decision 101) is not offered the dialog: the notice says what to fill in first.
import { useState } from 'react'
import { publishRefusalText } from '../../lib/builder/publish-refusal'
import type { Locale } from '../../lib/locale'
import { licenseStateOf, missingToPublish } from '../../lib/realtors/compliance'
import { isPublished } from '../../lib/realtors/publish'
import type { Realtor } from '../../lib/realtors/types'
import { withoutTrailingSlash } from '../../lib/urls'
import { ConfirmDialog } from '../components/ConfirmDialog'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import type { Notice } from './use-realtor-editor'

export interface PublishControlProps {
  messages: Messages
  locale: Locale
  realtor: Realtor
  dirty: boolean
  disabled: boolean
  /** The stored realtor after the switch and its version: the editor takes its publish state, keeping the draft. */
  onChange: (updated: Realtor, version: string | null) => void
  announce: (notice: Notice) => void
  /** A homepage's full address on the provider's site. */
  addressOf: (desiredUrl: string) => string
}

/** Where visitors find the homepage: its address on the provider's site, and the realtor's own domain when set. */
export function publicAddresses(
  realtor: Pick<Realtor, 'desiredUrl' | 'hompageUrl'>,
  addressOf: (desiredUrl: string) => string,
): string[] {
  const addresses = [addressOf(realtor.desiredUrl)]
  if (realtor.hompageUrl) addresses.push(withoutTrailingSlash(realtor.hompageUrl))
  return addresses
}

export function PublishControl({
  messages,
  locale,
  realtor,
  dirty,
  disabled,
  onChange,
  announce,
  addressOf,
}: PublishControlProps) {
  const m = (key: string, values?: Record<string, string | number>) => t(messages, key, values)
  const [addresses, setAddresses] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const [open, setOpen] = useState(false)
  const published = isPublished(realtor)

  function show() {
    // What goes public is what was saved: the saved homepage must hold the license and the brokerage.
    const missing = published ? [] : missingToPublish(realtor)
    if (missing.length > 0) {
      const text = publishRefusalText(missing, licenseStateOf(realtor.activityRegion), locale, m)
      return announce({ kind: 'error', text })
    }
    setAddresses(publicAddresses(realtor, addressOf))
    setOpen(true)
  }

  async function confirm() {
    setBusy(true)
    const result = await api<Realtor>(
      `/v1/realtor/${realtor.id}`,
      { method: 'PATCH', json: { isMakeHomepage: published ? 'N' : 'Y' } },
      m('common.networkError'),
    )
    setBusy(false)
    setOpen(false)
    if (!result.ok) return announce({ kind: 'error', text: result.message })
    onChange(result.data, result.headers?.get('etag') ?? null)
    announce({
      kind: 'ok',
      text: published ? m('builder.publish.undone') : m('builder.publish.done', { address: addresses[0] ?? '' }),
    })
  }

  return (
    <div className="publish-control">
      <span
        className={`publish-state publish-state--${published ? 'on' : 'off'}`}
        data-testid="publish-state"
        data-published={published ? 'Y' : 'N'}
      >
        <span className="visually-hidden">{m('builder.publish.state')}: </span>
        {m(published ? 'builder.publish.published' : 'builder.publish.unpublished')}
      </span>
      <button
        id="editor-publish"
        type="button"
        className={`button button--small${published ? ' button--ghost' : ''}`}
        onClick={show}
        disabled={disabled}
        aria-haspopup="dialog"
      >
        {published ? m('builder.publish.unpublish') : m('builder.publish.publish')}
      </button>
      <ConfirmDialog
        open={open}
        title={published ? m('builder.publish.unpublishTitle') : m('builder.publish.publishTitle')}
        description={<p>{published ? m('builder.publish.unpublishBody') : m('builder.publish.publishBody')}</p>}
        cancelLabel={m('builder.publish.cancel')}
        // The least surprising choice has focus first: Enter or Space never publishes by accident.
        initialFocus="cancel"
        confirmLabel={
          busy
            ? m('builder.publish.working')
            : published
              ? m('builder.publish.confirmUnpublish')
              : m('builder.publish.confirmPublish')
        }
        tone={published ? 'danger' : 'primary'}
        confirmDisabled={busy}
        testId="publish-dialog"
        confirmTestId="publish-confirm"
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        <p className="publish-dialog__label">{m('builder.publish.address')}</p>
        <ul className="publish-dialog__addresses" data-testid="publish-address">
          {addresses.map((address) => (
            <li key={address}>{address}</li>
          ))}
        </ul>
        {dirty ? (
          <p className="publish-dialog__unsaved" data-testid="publish-unsaved">
            {m('builder.publish.unsaved')}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  )
}
