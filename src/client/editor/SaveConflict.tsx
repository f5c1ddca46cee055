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

/** One way on: its button, and a hint saying what it does to the realtor's changes. */
function Choice(props: {
  id: string
  label: string
  hint: string
  primary: boolean
  busy: string | null
  onChoose: () => void
}) {
  return (
    <div className="save-conflict__choice">
      <button
        type="button"
        className={props.primary ? 'button' : 'button button--ghost'}
        disabled={props.busy !== null}
        onClick={props.onChoose}
        aria-describedby={`save-conflict-${props.id}`}
        data-testid={`conflict-${props.id}`}
      >
        {props.busy ?? props.label}
      </button>
      <p id={`save-conflict-${props.id}`} className="field__hint">
        {props.hint}
      </p>
    </div>
  )
}

export function SaveConflict({ messages, busy, onReload, onKeep }: SaveConflictProps) {
  const m = (key: string) => t(messages, key)
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => ref.current?.focus(), [])
  const working = busy ? m('builder.conflict.working') : null
  return (
    <div ref={ref} tabIndex={-1} className="save-conflict" role="alert" data-testid="save-conflict">
      <p className="save-conflict__message">{m('builder.conflict.message')}</p>
      <div className="save-conflict__choices">
        <Choice
          id="reload"
          label={m('builder.conflict.reload')}
          hint={m('builder.conflict.reloadHint')}
          primary={false}
          busy={working}
          onChoose={onReload}
        />
        <Choice
          id="keep"
          label={m('builder.conflict.keep')}
          hint={m('builder.conflict.keepHint')}
          primary
          busy={working}
          onChoose={onKeep}
        />
      </div>
    </div>
  )
}
