// A list of records in the editor (activity regions, etcInfo, additional sections): add, remove and
// reorder items; each item renders its own fields. A moved item keeps the focus: its button at its new place.
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { getIn } from '../../lib/builder/form'
import { type Messages, t } from '../lib/messages'
import type { EditorForm } from './form-binding'

interface ListEditorProps<T> {
  form: EditorForm
  path: string
  messages: Messages
  blank: T
  /** What an item is headed with after its number, e.g. a region's city. */
  itemTitle: (item: T) => string
  renderItem?: (itemPath: string) => ReactNode
  /** Items another field edits: kept in the list, not shown in it, never moved past by Up and Down. */
  hidden?: (item: T) => boolean
  /**
   * A fixed set of items only reordered, none added or removed (the homepage's sections, issue 33): the list as
   * the draft holds it, completed (ids it leaves out follow).
   */
  complete?: (items: T[] | undefined) => T[]
}

export function ListEditor<T>({
  form,
  path,
  messages,
  blank,
  itemTitle,
  renderItem,
  hidden,
  complete,
}: ListEditorProps<T>) {
  const stored = getIn(form.draft, path) as T[] | undefined
  const items = complete ? complete(stored) : (stored ?? [])
  // The indexes of the items shown, in order: Up and Down swap an item with the shown one beside it.
  const shown = items.flatMap((item, index) => (hidden?.(item) ? [] : [index]))
  const list = useRef<HTMLOListElement>(null)
  // Where the item just moved is now shown, and whether it went up: its Up (or Down) button gets the focus.
  const [moved, setMoved] = useState<[number, boolean] | null>(null)
  useEffect(() => {
    if (!moved) return
    const buttons = list.current?.children[moved[0]]?.querySelectorAll('button')
    const wanted = buttons?.[moved[1] ? 0 : 1]
    // At the top or the bottom that button is disabled: the other one.
    ;(wanted && !wanted.disabled ? wanted : buttons?.[moved[1] ? 1 : 0])?.focus()
  }, [moved])
  const swap = (from: number, to: number, position: number) => {
    const next = [...items]
    ;[next[from], next[to]] = [next[to] as T, next[from] as T]
    form.set(path, next)
    setMoved([position, to < from])
  }
  return (
    <div className={complete ? 'list-editor list-editor--fixed' : 'list-editor'}>
      {shown.length === 0 ? <p className="muted">{t(messages, 'builder.empty')}</p> : null}
      <ol className="list-editor__items" ref={list}>
        {shown.map((index, position) => (
          <li key={index} className="list-editor__item">
            <fieldset>
              <legend>{`${position + 1}. ${itemTitle(items[index] as T)}`}</legend>
              {renderItem ? <div className="field-grid">{renderItem(`${path}.${index}`)}</div> : null}
              <div className="list-editor__actions">
                <button
                  type="button"
                  className="button button--small button--ghost"
                  disabled={position === 0}
                  onClick={() => swap(index, shown[position - 1] as number, position - 1)}
                >
                  {t(messages, 'builder.moveUp')}
                </button>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  disabled={position === shown.length - 1}
                  onClick={() => swap(index, shown[position + 1] as number, position + 1)}
                >
                  {t(messages, 'builder.moveDown')}
                </button>
                {complete ? null : (
                  <button
                    type="button"
                    className="button button--small button--danger"
                    onClick={() =>
                      form.set(
                        path,
                        items.filter((_, i) => i !== index),
                      )
                    }
                  >
                    {t(messages, 'builder.remove')}
                  </button>
                )}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      {complete ? null : (
        <button type="button" className="button button--small" onClick={() => form.set(path, [...items, blank])}>
          + {t(messages, 'builder.add')}
        </button>
      )}
    </div>
  )
}
