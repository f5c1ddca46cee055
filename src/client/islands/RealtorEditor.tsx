// The homepage editor (/{desiredUrl}/admin): every field of the realtor in grouped sections, inline
// validation with the API's schema, save (PATCH), delete, export and import, photo upload and a live
// preview. It never loses work: unsaved changes warn before leaving, a failed save keeps the form.
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { draftOf, errorsOf, inputOf, isDirty, patchOf, type RealtorDraft } from '../../lib/builder/form'
import type { Locale } from '../../lib/locale'
import { ETC_INFO_TYPES, type Realtor, STATES } from '../../lib/realtors/types'
import { ColorField, Field, SelectField, YesNoField } from '../editor/fields'
import { useEditorForm } from '../editor/form-binding'
import { ListEditor } from '../editor/ListEditor'
import { PhotoManager } from '../editor/PhotoManager'
import { Preview } from '../editor/Preview'
import { SignOutButton } from '../editor/SignOutButton'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { setItem } from '../lib/storage'
import { useHydrated } from '../use-hydrated'

export interface RealtorEditorProps {
  messages: Messages
  locale: Locale
  localePrefix: string
  realtor: Realtor
  /** The admin console for admins, null for a realtor editing their own homepage. */
  adminHref: string | null
  loginHref: string
}

type Notice = { kind: 'ok' | 'error'; text: string } | null

/** The editor's sections in page order: the jump links at the top of the form. */
const SECTIONS = [
  'profile',
  'about',
  'sns',
  'regions',
  'career',
  'design',
  'photos',
  'seo',
  'etc',
  'additional',
  'settings',
] as const

export default function RealtorEditor({
  messages,
  locale,
  localePrefix,
  realtor: initial,
  adminHref,
  loginHref,
}: RealtorEditorProps) {
  const [realtor, setRealtor] = useState(initial)
  const [saved, setSaved] = useState<RealtorDraft>(() => draftOf(initial))
  const { form, draft, setDraft, validation, setShowAll, setServerErrors, resetTouched } = useEditorForm(saved, locale)
  const [notice, setNotice] = useState<Notice>(null)
  const [busy, setBusy] = useState(false)
  const hydrated = useHydrated()
  const [deleted, setDeleted] = useState(false)
  const noticeRef = useRef<HTMLParagraphElement>(null)
  const dirty = !deleted && isDirty(saved, draft)
  const m = (key: string, values?: Record<string, string | number>) => t(messages, key, values)
  const homepageHref = `${localePrefix}/${realtor.desiredUrl}`

  useEffect(() => {
    setItem('realtorInfo', { id: initial.id, desiredUrl: initial.desiredUrl, name: initial.name })
  }, [initial])

  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = ''
    }
    addEventListener('beforeunload', warn)
    return () => removeEventListener('beforeunload', warn)
  }, [dirty])

  function announce(next: Notice) {
    setNotice(next)
    requestAnimationFrame(() => noticeRef.current?.focus())
  }

  function adopt(updated: Realtor) {
    const next = draftOf(updated)
    setRealtor(updated)
    setSaved(next)
    setDraft(next)
    resetTouched()
    setShowAll(false)
    setServerErrors({})
    setItem('realtorInfo', { id: updated.id, desiredUrl: updated.desiredUrl, name: updated.name })
    if (updated.desiredUrl !== realtor.desiredUrl)
      history.replaceState(null, '', `${localePrefix}/${updated.desiredUrl}/admin`)
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    setNotice(null)
    if (!validation.ok) {
      setShowAll(true)
      announce({ kind: 'error', text: m('builder.checkFields') })
      const first = Object.keys(validation.errors)[0]
      if (first) document.getElementById(`field-${first.replaceAll('.', '-')}`)?.focus()
      return
    }
    setBusy(true)
    const patch = patchOf(inputOf(saved), validation.input)
    const result = await api<Realtor>(
      `/v1/realtor/${realtor.id}`,
      { method: 'PATCH', json: patch },
      m('builder.login.network'),
    )
    setBusy(false)
    if (!result.ok) {
      setServerErrors(errorsOf(result.fields))
      setShowAll(true)
      return announce({ kind: 'error', text: result.message })
    }
    adopt(result.data)
    announce({ kind: 'ok', text: m('builder.updated') })
  }

  async function remove() {
    if (!confirm(m('builder.confirmDelete', { name: realtor.name || realtor.desiredUrl }))) return
    const result = await api(`/v1/realtor/${realtor.id}`, { method: 'DELETE' })
    if (!result.ok) return announce({ kind: 'error', text: result.message })
    setDeleted(true)
    announce({ kind: 'ok', text: m('builder.deleted') })
  }

  async function importFile(file: File | undefined) {
    if (!file) return
    const body = new FormData()
    body.set('file', file)
    body.set('realtorId', String(realtor.id))
    const result = await api<Realtor>(`/v1/realtor/import/${realtor.id}`, { method: 'POST', body })
    if (!result.ok) {
      const detail = result.fields.map((field) => `${field.path}: ${field.message}`).join(' ')
      return announce({ kind: 'error', text: detail ? `${result.message} ${detail}` : result.message })
    }
    adopt(result.data)
    announce({ kind: 'ok', text: m('builder.imported', { id: realtor.id }) })
  }

  const yesNo = (path: string, key: string) => <YesNoField form={form} path={path} label={m(key)} messages={messages} />

  return (
    <div className="editor">
      <div className="builder-toolbar editor__toolbar">
        <div className="builder-toolbar__links">
          {adminHref ? <a href={adminHref}>← {m('builder.backToAdmin')}</a> : null}
          <a href={homepageHref} target="_blank" rel="noopener">
            {m('builder.viewHomepage')} ↗
          </a>
        </div>
        <div className="builder-toolbar__actions">
          <a className="button button--small button--ghost" href={`/v1/realtor/export/${realtor.id}`} download>
            {m('builder.export')}
          </a>
          <label className="button button--small button--ghost file-button">
            {m('builder.import')}
            <input
              type="file"
              accept="application/json,.json"
              data-testid="import-input"
              disabled={!hydrated || deleted}
              onChange={(event) => {
                void importFile(event.target.files?.[0])
                event.target.value = ''
              }}
            />
          </label>
          <button
            type="button"
            className="button button--small button--danger"
            onClick={remove}
            disabled={!hydrated || deleted}
          >
            {m('builder.deleteHomepage')}
          </button>
          <SignOutButton messages={messages} loginHref={loginHref} />
        </div>
      </div>
      <p
        ref={noticeRef}
        tabIndex={-1}
        className={`notice${notice ? ` notice--${notice.kind}` : ''}`}
        role={notice?.kind === 'error' ? 'alert' : 'status'}
        data-testid="editor-notice"
      >
        {notice?.text}
      </p>
      <div className="editor__layout">
        <form
          className="editor__form"
          onSubmit={save}
          noValidate
          aria-label={m('builder.editorTitle', { name: realtor.name })}
        >
          <nav className="section-nav" aria-label={m('builder.sections')}>
            <ul>
              {SECTIONS.map((id) => (
                <li key={id}>
                  <a href={`#${id}`}>{m(`builder.section.${id}`)}</a>
                </li>
              ))}
            </ul>
          </nav>
          <Section id="profile" title={m('builder.section.profile')}>
            <Field
              form={form}
              path="desiredUrl"
              label={m('builder.field.desiredUrl')}
              hint={m('builder.field.desiredUrl.hint')}
            />
            <Field
              form={form}
              path="contactPhone"
              type="tel"
              inputMode="tel"
              label={m('builder.field.contactPhone')}
              hint={m('builder.field.contactPhone.hint')}
            />
            <Field form={form} path="email" type="email" label={m('builder.field.email')} />
            <Field
              form={form}
              path="kakaoLink"
              type="url"
              label={m('builder.field.kakaoLink')}
              placeholder="https://open.kakao.com/…"
            />
            <Field form={form} path="licenseNumber" label={m('builder.field.licenseNumber')} />
            <Field
              form={form}
              path="hompageUrl"
              type="url"
              label={m('builder.field.hompageUrl')}
              hint={m('builder.field.hompageUrl.hint')}
            />
          </Section>
          <Section id="about" title={m('builder.section.about')}>
            <Field form={form} path="aboutMeKr" label={m('builder.field.aboutMeKr')} multiline={6} />
            <Field form={form} path="aboutMeEn" label={m('builder.field.aboutMeEn')} multiline={6} />
          </Section>
          <Section id="sns" title={m('builder.section.sns')}>
            <Field
              form={form}
              path="snsYoutubeUrl"
              type="url"
              label={m('builder.field.snsYoutubeUrl')}
              hint={m('builder.field.videoHint')}
            />
            <Field form={form} path="snsInstagramUrl" type="url" label={m('builder.field.snsInstagramUrl')} />
            <Field
              form={form}
              path="recommendedYoutubeUrl"
              type="url"
              label={m('builder.field.recommendedYoutubeUrl')}
              hint={m('builder.field.videoHint')}
            />
          </Section>
          <Section id="regions" title={m('builder.section.regions')}>
            <ListEditor
              form={form}
              path="activityRegion"
              messages={messages}
              blank={{ state: 'CA', city: '', neighborhood: '', zipcode: '' }}
              itemLabel={(item, index) => `${index + 1}. ${[item.city, item.state].filter(Boolean).join(', ')}`}
              renderItem={(path) => (
                <>
                  <SelectField
                    form={form}
                    path={`${path}.state`}
                    label={m('builder.field.state')}
                    options={STATES.map((value) => ({ value, label: value }))}
                  />
                  <Field form={form} path={`${path}.city`} label={m('builder.field.city')} />
                  <Field form={form} path={`${path}.neighborhood`} label={m('builder.field.neighborhood')} />
                  <Field form={form} path={`${path}.zipcode`} inputMode="numeric" label={m('builder.field.zipcode')} />
                </>
              )}
            />
          </Section>
          <Section id="career" title={m('builder.section.career')}>
            <Field form={form} path="careerStart" type="date" label={m('builder.field.careerStart')} />
            <Field
              form={form}
              path="careerEnd"
              type="date"
              label={m('builder.field.careerEnd')}
              hint={m('builder.field.careerEnd.hint')}
            />
            <Field form={form} path="salesCount" type="number" label={m('builder.field.salesCount')} />
            <Field
              form={form}
              path="lastYearSalesTotal"
              type="number"
              inputMode="decimal"
              label={m('builder.field.lastYearSalesTotal')}
            />
          </Section>
          <Section id="design" title={m('builder.section.design')}>
            <ColorField form={form} path="designMainColor" label={m('builder.field.designMainColor')} />
            <Field form={form} path="designFontSize" type="number" label={m('builder.field.designFontSize')} />
            {yesNo('designMainDarkMode', 'builder.field.designMainDarkMode')}
            {yesNo('contentDarkMode', 'builder.field.contentDarkMode')}
          </Section>
          <Section id="photos" title={m('builder.section.photos')}>
            <PhotoManager form={form} messages={messages} realtorId={realtor.id} />
          </Section>
          <Section id="seo" title={m('builder.section.seo')}>
            {(['ko', 'en'] as const).map((lang) => (
              <fieldset key={lang} className="field--wide subgroup">
                <legend>{m(lang === 'ko' ? 'builder.field.seoKo' : 'builder.field.seoEn')}</legend>
                <div className="field-grid">
                  <Field form={form} path={`seoMeta.${lang}.title`} label={m('builder.field.seoTitle')} />
                  <Field form={form} path={`seoMeta.${lang}.author`} label={m('builder.field.seoAuthor')} />
                  <Field
                    form={form}
                    path={`seoMeta.${lang}.description`}
                    label={m('builder.field.seoDescription')}
                    multiline={3}
                  />
                  <Field form={form} path={`seoMeta.${lang}.keywords`} label={m('builder.field.seoKeywords')} wide />
                </div>
              </fieldset>
            ))}
          </Section>
          <Section id="etc" title={m('builder.section.etc')}>
            <ListEditor
              form={form}
              path="etcInfo"
              messages={messages}
              blank={{ contentType: 'company_address', content: '' }}
              itemLabel={(item, index) => `${index + 1}. ${m(`builder.etc.${item.contentType}`)}`}
              renderItem={(path) => (
                <>
                  <SelectField
                    form={form}
                    path={`${path}.contentType`}
                    label={m('builder.field.contentType')}
                    options={ETC_INFO_TYPES.map((value) => ({ value, label: m(`builder.etc.${value}`) }))}
                  />
                  <Field form={form} path={`${path}.content`} label={m('builder.field.content')} />
                </>
              )}
            />
          </Section>
          <Section id="additional" title={m('builder.section.additional')}>
            <ListEditor
              form={form}
              path="additionalSections"
              messages={messages}
              blank={{ title: '', content: '' }}
              itemLabel={(item, index) => `${index + 1}. ${item.title}`}
              renderItem={(path) => (
                <>
                  <Field form={form} path={`${path}.title`} label={m('builder.field.title')} wide />
                  <Field form={form} path={`${path}.content`} label={m('builder.field.content')} multiline={4} />
                </>
              )}
            />
          </Section>
          <Section id="settings" title={m('builder.section.settings')}>
            {yesNo('isMakeHomepage', 'builder.field.isMakeHomepage')}
            {yesNo('madeForRealtor', 'builder.field.madeForRealtor')}
            <Field form={form} path="ppProfileId" label={m('builder.field.ppProfileId')} />
          </Section>
          <div className="savebar" data-dirty={dirty ? '' : undefined}>
            <span className="savebar__state" aria-live="polite">
              {dirty ? m('builder.unsaved') : m('builder.saved')}
            </span>
            <button
              type="button"
              className="button button--ghost"
              disabled={!dirty || busy}
              onClick={() => adopt(realtor)}
            >
              {m('builder.discard')}
            </button>
            <button type="submit" className="button" disabled={!hydrated || busy || deleted}>
              {m(busy ? 'builder.saving' : 'builder.save')}
            </button>
          </div>
        </form>
        <Preview draft={draft} name={realtor.name} messages={messages} homepageHref={homepageHref} />
      </div>
    </div>
  )
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="card editor-section" aria-labelledby={`section-${id}`} id={id}>
      <h2 id={`section-${id}`}>{title}</h2>
      <div className="field-grid">{children}</div>
    </section>
  )
}
