// The actions on one inbox entry (docs/decisions/049-inbox.md): mark read or unread, archive or bring back,
// and the free-text note, each a PATCH of the entry; the server's answer is the new state shown. An unread
// entry is marked read once the page is shown, by a POST of its own (decision 080): the page's GET changes
// nothing, and without script the entry stays unread.
import { type FormEvent, useEffect, useState } from 'react'
import type { EntryStatus } from '../../lib/inbox/types'
import { MAX_NOTE } from '../../lib/inbox/types'
import type { Locale } from '../../lib/locale'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { useHydrated } from '../use-hydrated'
import { whenShown } from '../when-shown'

export const INBOX_ENTRY_MESSAGES = [
  'inbox.markRead',
  'inbox.markUnread',
  'inbox.archive',
  'inbox.unarchive',
  'inbox.noteLabel',
  'inbox.saveNote',
  'inbox.saved',
  'inbox.failed',
  'inbox.status.',
  'inbox.field.status',
  'common.networkError',
] as const

export interface InboxEntryActionsProps {
  messages: Messages
  locale: Locale
  /** The entry's API path: /v1/realtor-contacts/{id} or /v1/leads/{id}. */
  apiPath: string
  status: EntryStatus
  note: string
}

interface Saved {
  status: EntryStatus
  note: string
}

export default function InboxEntryActions({
  messages,
  locale,
  apiPath,
  status: initial,
  note: initialNote,
}: InboxEntryActionsProps) {
  const m = (key: string) => t(messages, key)
  const hydrated = useHydrated()
  const [status, setStatus] = useState(initial)
  const [note, setNote] = useState(initialNote)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null)

  async function save(change: Partial<Saved>) {
    setBusy(true)
    const result = await api<Saved>(
      apiPath,
      { method: 'PATCH', json: change, language: locale },
      m('common.networkError'),
    )
    setBusy(false)
    if (!result.ok)
      return setNotice({ kind: 'error', text: result.fields[0]?.message ?? result.message ?? m('inbox.failed') })
    setStatus(result.data.status)
    setNote(result.data.note)
    setNotice({ kind: 'ok', text: m('inbox.saved') })
  }

  // Opened: an unread entry becomes read once shown; the server leaves any other status as it is. Only the
  // status is taken from the answer (a note being typed stays), and a failure stays quiet: it is unread.
  // Once per page, with the status it was served with.
  useEffect(() => {
    if (initial !== 'unread') return
    whenShown(async () => {
      const result = await api<Saved>(`${apiPath}/opened`, { method: 'POST', language: locale }, '')
      // A button pressed meanwhile has the last word.
      if (result.ok) setStatus((shown) => (shown === 'unread' ? result.data.status : shown))
    })
  }, [])

  function saveNote(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void save({ note })
  }

  const disabled = !hydrated || busy
  return (
    <div className="inbox-actions card">
      <p className="inbox-actions__status">
        {m('inbox.field.status')}:{' '}
        <span className={`inbox-badge inbox-badge--${status}`} data-testid="entry-status">
          {m(`inbox.status.${status}`)}
        </span>
      </p>
      <div className="inbox-actions__buttons">
        {status !== 'archived' ? (
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={disabled}
            onClick={() => save({ status: status === 'unread' ? 'read' : 'unread' })}
          >
            {m(status === 'unread' ? 'inbox.markRead' : 'inbox.markUnread')}
          </button>
        ) : null}
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={disabled}
          onClick={() => save({ status: status === 'archived' ? 'read' : 'archived' })}
        >
          {m(status === 'archived' ? 'inbox.unarchive' : 'inbox.archive')}
        </button>
      </div>
      <form className="builder-form" onSubmit={saveNote}>
        <div className="field">
          <label htmlFor="inbox-note">{m('inbox.noteLabel')}</label>
          <textarea
            id="inbox-note"
            name="note"
            rows={4}
            maxLength={MAX_NOTE}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--small" disabled={disabled}>
          {m('inbox.saveNote')}
        </button>
      </form>
      <p className={`notice${notice ? ` notice--${notice.kind}` : ''}`} role="status" aria-live="polite">
        {notice?.text}
      </p>
    </div>
  )
}
