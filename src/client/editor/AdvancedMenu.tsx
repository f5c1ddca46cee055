// The editor's "Advanced" menu: export, import and delete, out of the prime toolbar where they sat beside
// Publish (docs/decisions/105-builder-layout.md). A disclosure like the language switcher's: a button with
// aria-expanded, closed by Escape (focus back on the button) or a click outside. Import and delete keep
// their confirmations (ImportDialog, DeleteDialog); choosing one closes the menu.
import { useRef, useState } from 'react'
import { type Messages, t } from '../lib/messages'
import { useDismiss } from '../use-dismiss'

export function AdvancedMenu({
  messages,
  realtorId,
  disabled,
  onImport,
  onDelete,
}: {
  messages: Messages
  realtorId: number
  disabled: boolean
  onImport: (file: File | undefined) => void
  onDelete: () => void
}) {
  const m = (key: string) => t(messages, key)
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  // A fixed id, not useId(): the island hydrates as its own root (as LanguageSwitcher's).
  const menuId = 'editor-advanced'

  useDismiss(open, root, (byEscape) => {
    // Back on the button when the focus was in the menu, so a keyboard user is not left nowhere.
    if (byEscape && root.current?.contains(document.activeElement)) button.current?.focus()
    setOpen(false)
  })

  return (
    <div className="advanced-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="button button--small button--ghost advanced-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {m('builder.advanced')}
        <span aria-hidden="true"> ▾</span>
      </button>
      <ul id={menuId} className="advanced-menu__list" hidden={!open}>
        <li>
          <a
            className="button button--small button--ghost"
            href={`/v1/realtor/export/${realtorId}`}
            download
            onClick={() => setOpen(false)}
          >
            {m('builder.export')}
          </a>
        </li>
        <li>
          <label className="button button--small button--ghost file-button">
            {m('builder.import')}
            <input
              type="file"
              accept="application/json,.json"
              data-testid="import-input"
              disabled={disabled}
              onChange={(event) => {
                setOpen(false)
                onImport(event.target.files?.[0])
                // Cleared, so choosing the same file again imports it again.
                event.target.value = ''
              }}
            />
          </label>
        </li>
        <li>
          <button
            type="button"
            className="button button--small button--danger"
            disabled={disabled}
            onClick={() => {
              setOpen(false)
              onDelete()
            }}
          >
            {m('builder.deleteHomepage')}
          </button>
        </li>
      </ul>
    </div>
  )
}
