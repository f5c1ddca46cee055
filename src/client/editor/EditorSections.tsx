// The editor form's body, drawn from SECTIONS: the links to each section, then each section as a card
// of its fields. A field's kind picks its input; list items and groups hold fields of their own.
import { type Messages, t } from '../lib/messages'
import { ColorField, Field, SelectField, YesNoField } from './fields'
import type { EditorForm } from './form-binding'
import { ListEditor } from './ListEditor'
import { PhotoManager } from './PhotoManager'
import { type FieldSpec, type ListItem, SECTIONS } from './sections'

interface SectionContext {
  form: EditorForm
  messages: Messages
  realtorId: number
  m: (key: string) => string
}

export function EditorSections({ form, messages, realtorId }: Omit<SectionContext, 'm'>) {
  const context: SectionContext = { form, messages, realtorId, m: (key) => t(messages, key) }
  const { m } = context
  return (
    <>
      <nav className="section-nav" aria-label={m('builder.sections')}>
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{m(section.title)}</a>
            </li>
          ))}
        </ul>
      </nav>
      {SECTIONS.map(({ id, title, fields }) => (
        <section key={id} className="card editor-section" aria-labelledby={`section-${id}`} id={id}>
          <h2 id={`section-${id}`}>{m(title)}</h2>
          <div className="field-grid">{fieldsOf(fields, '', context)}</div>
        </section>
      ))}
    </>
  )
}

/** `fields` under `base`, the path of the list item they belong to ('' at the top). */
function fieldsOf(fields: FieldSpec[], base: string, context: SectionContext) {
  return fields.map((spec) => {
    const key = 'path' in spec ? spec.path : spec.kind === 'group' ? spec.legend : spec.kind
    return <SectionField key={key} spec={spec} base={base} context={context} />
  })
}

function SectionField({ spec, base, context }: { spec: FieldSpec; base: string; context: SectionContext }) {
  const { form, messages, realtorId, m } = context
  if (spec.kind === 'photos') return <PhotoManager form={form} messages={messages} realtorId={realtorId} />
  if (spec.kind === 'group')
    return (
      <fieldset className="field--wide subgroup">
        <legend>{m(spec.legend)}</legend>
        <div className="field-grid">{fieldsOf(spec.fields, base, context)}</div>
      </fieldset>
    )
  const path = base ? `${base}.${spec.path}` : spec.path
  if (spec.kind === 'list')
    return (
      <ListEditor<ListItem>
        form={form}
        path={path}
        messages={messages}
        blank={spec.blank}
        itemTitle={(item) => spec.itemTitle(item, m)}
        renderItem={(itemPath) => fieldsOf(spec.fields, itemPath, context)}
      />
    )
  const label = m(spec.label)
  switch (spec.kind) {
    case 'select':
      return (
        <SelectField
          form={form}
          path={path}
          label={label}
          options={spec.options.map((value) => ({
            value,
            label: spec.optionLabels ? m(`${spec.optionLabels}${value}`) : value,
          }))}
        />
      )
    case 'yesno':
      return <YesNoField form={form} path={path} label={label} messages={messages} />
    case 'color':
      return <ColorField form={form} path={path} label={label} />
    case 'multiline':
      return <Field form={form} path={path} label={label} hint={spec.hint && m(spec.hint)} multiline={spec.rows} />
    default:
      return (
        <Field
          form={form}
          path={path}
          type={spec.kind}
          inputMode={spec.inputMode}
          label={label}
          hint={spec.hint && m(spec.hint)}
          placeholder={spec.placeholder}
          wide={spec.wide}
        />
      )
  }
}
