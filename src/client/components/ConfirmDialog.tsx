// The builder's one modal dialog (never window.confirm): a native <dialog> opened with showModal(), so
// focus stays inside, Escape cancels and the page behind is inert. Every confirmation of the builder
// and the admin console uses it, so they all look, focus and close alike.
import { type ReactNode, useEffect, useRef } from 'react'

export interface ConfirmDialogProps {
  open: boolean
  title: string
  /** What is asked, in a sentence or two: read out with the title (aria-describedby). */
  description?: ReactNode
  /** Anything more: addresses, a field to type in, a warning. */
  children?: ReactNode
  /** Without it the dialog only informs: its one button (cancelLabel, e.g. "Close") is the prominent one. */
  confirmLabel?: string
  cancelLabel: string
  /** The confirm button's look: the builder's main button, outlined red, or solid red. */
  tone?: 'primary' | 'danger' | 'danger-solid'
  /** The safe choice is the prominent button (e.g. "Stay" before signing out with unsaved changes). */
  cancelPrimary?: boolean
  confirmDisabled?: boolean
  /** 'cancel': focus starts on Cancel, so Enter or Space never confirms by accident. Else the first control. */
  initialFocus?: 'first' | 'cancel'
  /** Unique on the page: also the stem of the title's and description's ids. */
  testId: string
  confirmTestId?: string
  onConfirm?: () => void
  /** Cancel, Escape, or the browser closing the dialog: the caller's state closes it. */
  onCancel: () => void
}

const CONFIRM_CLASS = {
  primary: 'button',
  danger: 'button button--danger',
  'danger-solid': 'button button--solid-danger',
}

export function ConfirmDialog({
  open,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  cancelPrimary = false,
  confirmDisabled = false,
  initialFocus = 'first',
  testId,
  confirmTestId,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  // The element that had focus before the dialog opened (the button that opened it) gets it back.
  const opener = useRef<Element | null>(null)
  // Ids from the test id, not useId(): an island hydrates as its own root, so React's tree-position ids
  // would differ from the server's and the dialog would lose its name.
  const titleId = `${testId}-title`
  const descriptionId = `${testId}-description`
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      opener.current = document.activeElement
      dialog.showModal()
      if (initialFocus === 'cancel') cancel.current?.focus()
    }
    if (!open && dialog.open) dialog.close()
  }, [open, initialFocus])
  const solo = confirmLabel === undefined
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      onCancel={(event) => {
        // Escape: the state, not the browser, closes it.
        event.preventDefault()
        onCancel()
      }}
      onClose={() => {
        // Closed by the browser while the state still says open (a second Escape is not cancelable).
        if (open) onCancel()
        const back = opener.current
        opener.current = null
        const active = document.activeElement
        const lost = !active || active === document.body || ref.current?.contains(active)
        if (lost && back instanceof HTMLElement && back.isConnected) back.focus()
      }}
    >
      {/* The content exists only while open: its texts never double the page's own. */}
      {open ? (
        <form
          method="dialog"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            if (!confirmDisabled && !solo) onConfirm?.()
          }}
        >
          <h2 id={titleId}>{title}</h2>
          {description ? (
            <div id={descriptionId} className="confirm-dialog__description">
              {description}
            </div>
          ) : null}
          {children}
          <div className="confirm-dialog__actions">
            <button
              ref={cancel}
              type="button"
              className={solo || cancelPrimary ? 'button' : 'button button--ghost'}
              onClick={onCancel}
            >
              {cancelLabel}
            </button>
            {solo ? null : (
              <button
                type="submit"
                className={CONFIRM_CLASS[tone]}
                disabled={confirmDisabled}
                data-testid={confirmTestId}
              >
                {confirmLabel}
              </button>
            )}
          </div>
        </form>
      ) : null}
    </dialog>
  )
}
