// Asks before an import replaces the homepage: the file's contents take the place of everything,
// the published page included, and the editor's unsaved changes are lost. A modal <dialog>, so focus
// stays inside it and Escape cancels.
import { useEffect, useRef } from 'react'
import { type Messages, t } from '../lib/messages'

export function ImportDialog({
  file,
  dirty,
  messages,
  onConfirm,
  onCancel,
}: {
  file: File | null
  dirty: boolean
  messages: Messages
  onConfirm: (file: File) => void
  onCancel: () => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const m = (key: string, values?: Record<string, string>) => t(messages, key, values)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (file && !element.open) element.showModal()
    if (!file && element.open) element.close()
  }, [file])

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby="import-dialog-title"
      aria-describedby="import-dialog-body"
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
    >
      <h2 id="import-dialog-title">{m('builder.import.title')}</h2>
      <div id="import-dialog-body">
        <p>{m('builder.import.body', { file: file?.name ?? '' })}</p>
        <p className={dirty ? 'confirm-dialog__warning' : 'muted'}>{m('builder.import.unsaved')}</p>
      </div>
      <div className="confirm-dialog__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {m('builder.import.cancel')}
        </button>
        <button type="button" className="button button--danger-solid" onClick={() => file && onConfirm(file)}>
          {m('builder.import.confirm')}
        </button>
      </div>
    </dialog>
  )
}
