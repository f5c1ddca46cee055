// What the editor shows when a save met a version saved elsewhere (412, decision 082): nothing was saved,
// and two ways on — load the saved version (the realtor's changes are dropped) or keep theirs, made again
// on it. An alert that takes focus when it appears, so it is heard and the keyboard starts at its choices.
import { useEffect, useRef } from 'react'
import { type Messages, t } from '../lib/messages'

export interface SaveConflictProps {
  messages: Messages
  busy: boolean
  onReload: () => void
  onKeep: () => void
}

export function SaveConflict({ messages, busy, onReload, onKeep }: SaveConflictProps) {
  const m = (key: string) => t(messages, key)
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <div ref={ref} tabIndex={-1} className="save-conflict" role="alert" data-testid="save-conflict">
      <p className="save-conflict__message">{m('builder.conflict.message')}</p>
      <div className="save-conflict__choices">
        <div className="save-conflict__choice">
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={onReload}
            aria-describedby="save-conflict-reload"
            data-testid="conflict-reload"
          >
            {m(busy ? 'builder.conflict.working' : 'builder.conflict.reload')}
          </button>
          <p id="save-conflict-reload" className="field__hint">
            {m('builder.conflict.reloadHint')}
          </p>
        </div>
        <div className="save-conflict__choice">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={onKeep}
            aria-describedby="save-conflict-keep"
            data-testid="conflict-keep"
          >
            {m(busy ? 'builder.conflict.working' : 'builder.conflict.keep')}
          </button>
          <p id="save-conflict-keep" className="field__hint">
            {m('builder.conflict.keepHint')}
          </p>
        </div>
      </div>
    </div>
  )
}
