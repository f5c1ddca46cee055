// The editor's inputs, each bound to a path of the draft: text, select, switch and colour. FormField
// ties each one's hint and error to it (aria-describedby, aria-invalid).
import { getIn } from '../../lib/builder/form'
import type { EtcInfo, EtcInfoType } from '../../lib/realtors/types'
import { FormField, type FormFieldProps } from '../components/FormField'
import { type Messages, t } from '../lib/messages'
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
  example?: FieldExample
}

/** A sample text offered while the field is empty; `also` fills a sibling field that is empty too. */
export interface FieldExample {
  label: string
  hint: string
  text: string
  also?: { path: string; text: string }
}

export const fieldId = (path: string) => `field-${path.replaceAll('.', '-')}`

/** The editor's look of a field: a grid cell, wide for long text, marked while its value is wrong. */
function EditorField({ wide, ...props }: Omit<FormFieldProps, 'className'> & { wide?: boolean }) {
  return (
    <FormField {...props} className={`field${wide ? ' field--wide' : ''}${props.error ? ' field--invalid' : ''}`} />
  )
}

export function Field({
  form,
  path,
  label,
  hint,
  type = 'text',
  inputMode,
  placeholder,
  multiline,
  wide,
  example,
}: FieldProps) {
  const error = form.error(path)
  const value = String(getIn(form.draft, path) ?? '')
  // Offered only into an empty field: an example never overwrites what the realtor typed.
  const offer = example && !value.trim() ? example : undefined
  return (
    <EditorField
      id={fieldId(path)}
      label={label}
      hint={offer ? <ExampleOffer form={form} path={path} example={offer} /> : hint}
      error={error}
      wide={wide || Boolean(multiline)}
    >
      {(control) => {
        const common = {
          ...control,
          name: path,
          value,
          placeholder,
          onBlur: () => form.touch(path),
          onChange: (event: { target: { value: string } }) => form.set(path, event.target.value),
        }
        return multiline ? (
          <textarea {...common} rows={multiline} />
        ) : (
          <input
            {...common}
            type={type === 'number' ? 'text' : type}
            inputMode={inputMode ?? (type === 'number' ? 'numeric' : undefined)}
          />
        )
      }}
    </EditorField>
  )
}

/**
 * The etcInfo item of one type as a field of its own (the brokerage's name, its license): it edits the first
 * item of that type, or adds one on the first keystroke. Its id is `etcInfo.{type}`'s, wherever the item sits.
 */
export function EtcField({
  form,
  contentType,
  label,
  hint,
  lang,
}: {
  form: EditorForm
  contentType: EtcInfoType
  label: string
  hint?: string
  /** The language of what is typed (a name in Korean or English), for the browser's spelling and voice. */
  lang?: string
}) {
  const items: EtcInfo[] = form.draft.etcInfo
  const index = items.findIndex((item) => item.contentType === contentType)
  const path = `etcInfo.${index}.content`
  return (
    <EditorField
      id={fieldId(`etcInfo.${contentType}`)}
      label={label}
      hint={hint}
      error={index < 0 ? undefined : form.error(path)}
    >
      {(control) => (
        <input
          {...control}
          type="text"
          lang={lang}
          name={`etcInfo.${contentType}`}
          value={index < 0 ? '' : (items[index]?.content ?? '')}
          onBlur={() => index >= 0 && form.touch(path)}
          onChange={(event) =>
            index < 0
              ? form.set('etcInfo', [...items, { contentType, content: event.target.value }])
              : form.set(path, event.target.value)
          }
        />
      )}
    </EditorField>
  )
}

function ExampleOffer({ form, path, example }: { form: EditorForm; path: string; example: FieldExample }) {
  return (
    <span className="example-offer">
      <button
        type="button"
        className="button button--small button--soft"
        onClick={() => {
          form.set(path, example.text)
          const also = example.also
          if (also && !String(getIn(form.draft, also.path) ?? '').trim()) form.set(also.path, also.text)
        }}
      >
        {example.label}
      </button>
      <span>{example.hint}</span>
    </span>
  )
}

export function SelectField({
  form,
  path,
  label,
  options,
  numeric,
}: {
  form: EditorForm
  path: string
  label: string
  options: { value: string; label: string }[]
  /** The values are numbers: the draft holds the number chosen, not its text (a testimonial's rating). */
  numeric?: boolean
}) {
  return (
    <EditorField id={fieldId(path)} label={label} error={form.error(path)}>
      {(control) => (
        <select
          {...control}
          value={String(getIn(form.draft, path) ?? '')}
          onChange={(event) => {
            form.set(path, numeric ? Number(event.target.value) : event.target.value)
            form.touch(path)
          }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </EditorField>
  )
}

export function YesNoField({
  form,
  path,
  label,
  hint,
  messages,
}: {
  form: EditorForm
  path: string
  label: string
  hint?: string
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
          aria-describedby={hint ? `${id}-hint` : undefined}
          checked={on}
          onChange={(event) => form.set(path, event.target.checked ? 'Y' : 'N')}
        />
        <span className="switch__track" aria-hidden="true" />
        <span>{label}</span>
        <span className="muted">{t(messages, on ? 'builder.yes' : 'builder.no')}</span>
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint field--switch__hint">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

/** Colour picker plus the hex text it stands for; the text is what validation checks. */
export function ColorField({ form, path, label }: { form: EditorForm; path: string; label: string }) {
  const value = String(getIn(form.draft, path) ?? '')
  const valid = /^#[0-9a-fA-F]{6}$/.test(value)
  return (
    <EditorField id={fieldId(path)} label={label} error={form.error(path)}>
      {(control) => (
        <div className="color-field">
          <input
            type="color"
            aria-label={`${label} (picker)`}
            value={valid ? value.toLowerCase() : '#000000'}
            onChange={(event) => form.set(path, event.target.value)}
          />
          <input
            {...control}
            type="text"
            value={value}
            spellCheck={false}
            maxLength={7}
            onBlur={() => form.touch(path)}
            onChange={(event) => form.set(path, event.target.value)}
          />
        </div>
      )}
    </EditorField>
  )
}
