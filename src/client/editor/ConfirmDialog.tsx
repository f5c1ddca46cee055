// A modal confirmation of the builder's own (never window.confirm): a native <dialog> opened with
// showModal(), so focus stays inside, Escape cancels and the page behind is inert.
import { type ReactNode, useEffect, useId, useRef } from 'react'

export interface ConfirmDialogProps {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  cancelLabel: string
  danger?: boolean
  confirmDisabled?: boolean
  testId: string
  onConfirm: () => void
  onCancel: () => void
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger = false,
  confirmDisabled = false,
  testId,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        // Escape: the state, not the browser, closes it.
        event.preventDefault()
        onCancel()
      }}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault()
          if (!confirmDisabled) onConfirm()
        }}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="confirm-dialog__actions">
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="submit" className={`button${danger ? ' button--solid-danger' : ''}`} disabled={confirmDisabled}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  )
}
