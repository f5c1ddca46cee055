// Asks before an import replaces the homepage: the file's contents take the place of everything,
// the published page included, and the editor's unsaved changes are lost.
import { ConfirmDialog } from '../components/ConfirmDialog'
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
  const m = (key: string, values?: Record<string, string>) => t(messages, key, values)
  return (
    <ConfirmDialog
      open={file !== null}
      title={m('builder.import.title')}
      description={
        <>
          <p>{m('builder.import.body', { file: file?.name ?? '' })}</p>
          <p className={dirty ? 'confirm-dialog__warning' : 'muted'}>{m('builder.import.unsaved')}</p>
        </>
      }
      confirmLabel={m('builder.import.confirm')}
      cancelLabel={m('builder.import.cancel')}
      tone="danger-solid"
      testId="import-dialog"
      onConfirm={() => file && onConfirm(file)}
      onCancel={onCancel}
    />
  )
}
