// The editor form's body, drawn from SECTIONS: the links to each section, then each section as a card
// of its fields. A field's kind picks its input; list items and groups hold fields of their own.
import { displayNameOf } from '../../lib/home/profile'
import { sectionOrderOf } from '../../lib/home/section-order'
import type { Locale } from '../../lib/locale'
import { licenseStateOf, stateLabelKey } from '../../lib/realtors/compliance'
import { type Messages, t } from '../lib/messages'
import { DesignChoice } from './DesignChoice'
import { DomainLine } from './DomainLine'
import { ColorField, EtcField, Field, type FieldExample, SelectField, YesNoField } from './fields'
import type { EditorForm } from './form-binding'
import { ListEditor } from './ListEditor'
import { PhotoManager } from './PhotoManager'
import { type Example, type FieldSpec, type ListItem, SECTIONS } from './sections'

interface SectionContext {
  form: EditorForm
  messages: Messages
  realtorId: number
  /** The account's name, what a page shows while the realtor gives no name in its language (decision 103). */
  accountName: string
  /** The editor's language: the language of an example text that names none. */
  locale: Locale
  /** The builder's Domain screen, where the custom domain is connected. */
  domainHref: string
  m: (key: string, values?: Record<string, string>) => string
}

export function EditorSections(props: Omit<SectionContext, 'm'>) {
  const m: SectionContext['m'] = (key, values) => t(props.messages, key, values)
  const context: SectionContext = { ...props, m }
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
      {SECTIONS.map(({ id, title, hint, fields }) => (
        // A group of fields, not a landmark: the preview frame beside it holds the homepage's own regions
        // ("활동 지역", "갤러리"), and landmarks must stay unique across the page and its frames.
        // biome-ignore lint/a11y/useSemanticElements: a card of fieldsets titled by its h2; a fieldset would need a legend instead
        <section key={id} className="card editor-section" role="group" aria-labelledby={`section-${id}`} id={id}>
          <h2 id={`section-${id}`}>{m(title)}</h2>
          {hint ? <p className="muted editor-section__hint">{m(hint)}</p> : null}
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
  if (spec.kind === 'group' && spec.collapsed)
    return (
      <details className="field--wide subgroup subgroup--collapsible">
        <summary>{m(spec.legend)}</summary>
        {spec.hint ? <p className="muted subgroup__hint">{m(spec.hint)}</p> : null}
        <div className="field-grid">{fieldsOf(spec.fields, base, context)}</div>
      </details>
    )
  if (spec.kind === 'group')
    return (
      <fieldset className="field--wide subgroup">
        <legend>{m(spec.legend)}</legend>
        {spec.hint ? <p className="muted subgroup__hint">{m(spec.hint)}</p> : null}
        <div className="field-grid">{fieldsOf(spec.fields, base, context)}</div>
      </fieldset>
    )
  const path = base ? `${base}.${spec.path}` : spec.path
  // The homepage's sections, only reordered: the list editor's Up and Down, no Add or Remove (issue 33).
  if (spec.kind === 'order')
    return (
      <ListEditor<string>
        form={form}
        path={path}
        messages={messages}
        blank=""
        itemTitle={(id) => m(`${spec.optionLabels}${id}`)}
        complete={sectionOrderOf}
      />
    )
  if (spec.kind === 'list')
    return (
      <ListEditor<ListItem>
        form={form}
        path={path}
        messages={messages}
        blank={spec.blank}
        itemTitle={(item) => spec.itemTitle(item, m)}
        renderItem={(itemPath) => fieldsOf(spec.fields, itemPath, context)}
        hidden={spec.hidden}
      />
    )
  // A license's label follows the state of the realtor's first region as the draft has it (decision 101).
  const label = m(spec.byState ? stateLabelKey(spec.label, licenseStateOf(form.draft.activityRegion)) : spec.label)
  switch (spec.kind) {
    case 'etc':
      return (
        <EtcField
          form={form}
          contentType={spec.contentType}
          label={label}
          hint={etcHint(spec, context)}
          lang={spec.lang}
        />
      )
    case 'select':
      return (
        <SelectField
          form={form}
          path={path}
          label={label}
          numeric={spec.numeric}
          options={spec.options.map((value) => ({
            value,
            label: spec.optionLabels ? m(`${spec.optionLabels}${value}`) : value,
          }))}
        />
      )
    case 'design':
      return <DesignChoice form={form} path={path} label={label} options={spec.options} m={m} />
    case 'yesno':
      return <YesNoField form={form} path={path} label={label} hint={spec.hint && m(spec.hint)} messages={messages} />
    case 'color':
      return <ColorField form={form} path={path} label={label} />
    case 'domain':
      return <DomainLine form={form} path={path} label={label} href={context.domainHref} m={m} />
    case 'multiline':
      return (
        <Field
          form={form}
          path={path}
          label={label}
          hint={spec.hint && m(spec.hint)}
          multiline={spec.rows}
          example={spec.example && exampleOf(spec.example, base, context)}
        />
      )
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

/** The name the pages of `lang` show as the draft stands (decision 103): what the preview and examples use. */
const nameIn = (lang: Locale, { form, accountName }: SectionContext) =>
  displayNameOf({ name: accountName, etcInfo: form.draft.etcInfo, desiredUrl: form.draft.desiredUrl }, lang)

/** An etcInfo field's hint; a name's, while empty, also says what its pages show instead. */
function etcHint(spec: Extract<FieldSpec, { kind: 'etc' }>, context: SectionContext): string | undefined {
  const { form, m } = context
  const hint = spec.hint && m(spec.hint)
  if (!spec.lang || form.draft.etcInfo.some((item) => item.contentType === spec.contentType && item.content.trim()))
    return hint
  return [hint, m('builder.field.name.fallback', { name: nameIn(spec.lang, context) })].filter(Boolean).join(' ')
}

/** The "Use example" action of a field: its text, and the sibling it fills too while that is empty. */
function exampleOf(example: Example, base: string, context: SectionContext): FieldExample {
  const { m } = context
  const sibling = example.sibling
  // The name in the example's language, as the realtor has typed it so far.
  const name = nameIn(example.lang ?? context.locale, context)
  return {
    label: m('builder.example.use'),
    hint: m('builder.example.hint'),
    text: m(example.text, { name }),
    also: sibling && {
      path: base ? `${base}.${sibling.path}` : sibling.path,
      text: m(sibling.text, { name }),
    },
  }
}
