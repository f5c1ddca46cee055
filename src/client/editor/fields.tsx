// The editor's labelled inputs: each ties its hint and its error to the input with
// aria-describedby and marks itself aria-invalid, so screen readers hear what is wrong where.
import type { ReactNode } from 'react'
import { getIn } from '../../lib/builder/form'
import type { Messages } from '../lib/messages'
import { t } from '../lib/messages'
import type { EditorForm } from './form-binding'

interface FieldProps {
  form: EditorForm
  path: string
  label: string
  hint?: string
  type?: 'text' | 'email' | 'url' | 'tel' | 'date' | 'number'
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'email' | 'url'
  placeholder?: string
  multiline?: number
  wide?: boolean
}

export const fieldId = (path: string) => `field-${path.replaceAll('.', '-')}`

function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
}

export function FieldFrame({
  id,
  label,
  hint,
  error,
  wide,
  children,
}: {
  id: string
  label: ReactNode
  hint?: string
  error?: string
  wide?: boolean
  children: ReactNode
}) {
  return (
    <div className={`field${wide ? ' field--wide' : ''}${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function Field({ form, path, label, hint, type = 'text', inputMode, placeholder, multiline, wide }: FieldProps) {
  const id = fieldId(path)
  const error = form.error(path)
  const common = {
    id,
    name: path,
    value: String(getIn(form.draft, path) ?? ''),
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hint, error),
    onBlur: () => form.touch(path),
  }
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} wide={wide || Boolean(multiline)}>
      {multiline ? (
        <textarea {...common} rows={multiline} onChange={(event) => form.set(path, event.target.value)} />
      ) : (
        <input
          {...common}
          type={type === 'number' ? 'text' : type}
          inputMode={inputMode ?? (type === 'number' ? 'numeric' : undefined)}
          onChange={(event) => form.set(path, event.target.value)}
        />
      )}
    </FieldFrame>
  )
}

export function SelectField({
  form,
  path,
  label,
  options,
}: {
  form: EditorForm
  path: string
  label: string
  options: { value: string; label: string }[]
}) {
  const id = fieldId(path)
  const error = form.error(path)
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select
        id={id}
        value={String(getIn(form.draft, path) ?? '')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
        onChange={(event) => {
          form.set(path, event.target.value)
          form.touch(path)
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
}

export function YesNoField({
  form,
  path,
  label,
  messages,
}: {
  form: EditorForm
  path: string
  label: string
  messages: Messages
}) {
  const id = fieldId(path)
  const on = getIn(form.draft, path) === 'Y'
  return (
    <div className="field field--switch">
      <label htmlFor={id} className="switch">
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={on}
          checked={on}
          onChange={(event) => form.set(path, event.target.checked ? 'Y' : 'N')}
        />
        <span className="switch__track" aria-hidden="true" />
        <span>{label}</span>
        <span className="muted">{t(messages, on ? 'builder.yes' : 'builder.no')}</span>
      </label>
    </div>
  )
}

/** Colour picker plus the hex text it stands for; the text is what validation checks. */
export function ColorField({ form, path, label }: { form: EditorForm; path: string; label: string }) {
  const id = fieldId(path)
  const error = form.error(path)
  const value = String(getIn(form.draft, path) ?? '')
  const valid = /^#[0-9a-fA-F]{6}$/.test(value)
  return (
    <FieldFrame id={id} label={label} error={error}>
      <div className="color-field">
        <input
          type="color"
          aria-label={`${label} (picker)`}
          value={valid ? value.toLowerCase() : '#000000'}
          onChange={(event) => form.set(path, event.target.value)}
        />
        <input
          id={id}
          type="text"
          value={value}
          spellCheck={false}
          maxLength={7}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, undefined, error)}
          onBlur={() => form.touch(path)}
          onChange={(event) => form.set(path, event.target.value)}
        />
      </div>
    </FieldFrame>
  )
}
