// The homepage design, three cards to pick from (docs/decisions/112-homepage-designs.md): radio buttons, each
// with a small drawing of its page and what it suits, so the choice reads before the preview shows it.
import { getIn } from '../../lib/builder/form'
import { fieldId } from './fields'
import type { EditorForm } from './form-binding'

export function DesignChoice({
  form,
  path,
  label,
  options,
  m,
}: {
  form: EditorForm
  path: string
  label: string
  options: readonly string[]
  m: (key: string) => string
}) {
  const chosen = String(getIn(form.draft, path) ?? options[0])
  const id = fieldId(path)
  return (
    <fieldset className="field--wide subgroup design-choice" id={id}>
      <legend>{label}</legend>
      <div className="design-choice__options">
        {options.map((value) => (
          <label key={value} className="design-choice__option">
            <input
              type="radio"
              name={id}
              value={value}
              checked={chosen === value}
              aria-describedby={`${id}-${value}-hint`}
              onChange={() => {
                form.set(path, value)
                form.touch(path)
              }}
            />
            <span className={`design-swatch design-swatch--${value}`} aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            <span className="design-choice__name">{m(`builder.design33.option.${value}`)}</span>
            <span id={`${id}-${value}-hint`} className="design-choice__hint">
              {m(`builder.design33.option.${value}.hint`)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
