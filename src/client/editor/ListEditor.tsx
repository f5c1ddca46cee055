// A list of records in the editor (activity regions, etcInfo, additional sections): add, remove and
// reorder items; each item renders its own fields.
import type { ReactNode } from 'react'
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
  renderItem: (itemPath: string) => ReactNode
}

export function ListEditor<T>({ form, path, messages, blank, itemTitle, renderItem }: ListEditorProps<T>) {
  const items = (getIn(form.draft, path) as T[] | undefined) ?? []
  const move = (from: number, to: number) => {
    const next = [...items]
    const [item] = next.splice(from, 1)
    next.splice(to, 0, item as T)
    form.set(path, next)
  }
  return (
    <div className="list-editor">
      {items.length === 0 ? <p className="muted">{t(messages, 'builder.empty')}</p> : null}
      <ol className="list-editor__items">
        {items.map((item, index) => (
          <li key={index} className="list-editor__item">
            <fieldset>
              <legend>{`${index + 1}. ${itemTitle(item)}`}</legend>
              <div className="field-grid">{renderItem(`${path}.${index}`)}</div>
              <div className="list-editor__actions">
                <button
                  type="button"
                  className="button button--small button--ghost"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  {t(messages, 'builder.moveUp')}
                </button>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  {t(messages, 'builder.moveDown')}
                </button>
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
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <button type="button" className="button button--small" onClick={() => form.set(path, [...items, blank])}>
        + {t(messages, 'builder.add')}
      </button>
    </div>
  )
}
