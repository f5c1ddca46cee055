// The editor's preview: the homepage as visitors get it, rendered on the server from the unsaved draft
// by the live page's own components (src/routes/preview.tsx), at desktop or phone width, in Korean or
// English. Beside the form on wide screens; on a phone the Preview button of the save bar (PreviewToggle:
// in the bar's flow, never floating over a field, decision 105) shows it full screen, and closing it (the
// button or Escape) returns to the field being edited.
import { type RefObject, useEffect, useRef, useState } from 'react'
import type { RealtorDraft } from '../../lib/builder/form'
import type { Locale } from '../../lib/locale'
import { type Messages, t } from '../lib/messages'
import { lockPageScroll } from '../lib/scroll-lock'
import { type PreviewDevice, PreviewFrame } from './PreviewFrame'
import { usePreviewHtml } from './use-preview-html'

/** Below this width the preview leaves the page and opens full screen (src/styles/builder/preview.css). */
const PHONE_QUERY = '(max-width: 720px)'
const DEVICES: readonly PreviewDevice[] = ['desktop', 'phone']
const LANGUAGES: Record<Locale, string> = { ko: 'builder.preview.ko', en: 'builder.preview.en' }

/** The button that opens the preview full screen on a phone (hidden on wide screens, where it is open). */
export function PreviewToggle({
  messages,
  toggleRef,
  onOpen,
}: {
  messages: Messages
  toggleRef: RefObject<HTMLButtonElement | null>
  onOpen: () => void
}) {
  return (
    <button
      ref={toggleRef}
      type="button"
      className="button button--ghost preview-toggle"
      aria-haspopup="dialog"
      onClick={onOpen}
    >
      {t(messages, 'builder.preview.open')}
    </button>
  )
}

export function Preview({
  draft,
  messages,
  locale,
  homepageHref,
  open,
  onClose,
  toggleRef,
}: {
  draft: RealtorDraft
  messages: Messages
  locale: Locale
  homepageHref: string
  /** Opened full screen by PreviewToggle (phones only). */
  open: boolean
  onClose: () => void
  /** PreviewToggle's button: where closing returns when no field was being edited. */
  toggleRef: RefObject<HTMLButtonElement | null>
}) {
  const [device, setDevice] = useState<PreviewDevice>('desktop')
  const [language, setLanguage] = useState<Locale>(locale)
  const [phone, setPhone] = useState(false)
  const dialog = useRef<HTMLDialogElement>(null)
  const close = useRef<HTMLButtonElement>(null)
  const editing = useRef<HTMLElement | null>(null)
  // Rendered only while on screen: beside the form, or opened on a phone.
  const preview = usePreviewHtml(draft, language, !phone || open)
  const m = (key: string, values?: Record<string, string | number>) => t(messages, key, values)

  useEffect(() => {
    const query = matchMedia(PHONE_QUERY)
    const update = () => setPhone(query.matches)
    update()
    // A phone previews the phone layout first; either device stays a tap away.
    if (query.matches) setDevice('phone')
    query.addEventListener('change', update)
    // The field being edited: where closing the full-screen preview returns. Not the Preview button
    // itself, which sits in the form's save bar.
    const remember = (event: FocusEvent) => {
      const target = event.target
      if (target instanceof HTMLElement && target.closest('.editor__form') && target !== toggleRef.current)
        editing.current = target
    }
    document.addEventListener('focusin', remember)
    return () => {
      query.removeEventListener('change', update)
      document.removeEventListener('focusin', remember)
    }
  }, [])

  // Wide screens: an open, non-modal dialog beside the form (open from the server's HTML on). Phones:
  // closed until the Preview button opens it modal, full screen, over a page that keeps its place.
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (!phone) {
      if (!element.open) element.show()
      return
    }
    if (!open) {
      if (element.open) element.close()
      return
    }
    if (element.open) element.close()
    element.showModal()
    // Start on the way back, not on the first toggle: the realtor opened it to look, then return.
    close.current?.focus()
    return lockPageScroll()
  }, [phone, open])

  /** After the dialog closed (its button or Escape): back to the field, where the realtor was. */
  function closed() {
    if (!open) return
    onClose()
    const field = editing.current?.isConnected ? editing.current : toggleRef.current
    requestAnimationFrame(() => {
      field?.focus({ preventScroll: true })
      field?.scrollIntoView({ block: 'center' })
    })
  }

  return (
    <dialog
      ref={dialog}
      open
      className="preview"
      aria-labelledby="preview-title"
      onClose={closed}
      data-testid="preview"
    >
      <div className="preview__bar">
        <h2 id="preview-title" className="preview__title">
          {m('builder.preview.title')}
        </h2>
        <button
          ref={close}
          type="button"
          className="button button--ghost preview__close"
          onClick={() => dialog.current?.close()}
        >
          {m('builder.preview.close')}
        </button>
        <fieldset className="segmented">
          <legend className="visually-hidden">{m('builder.preview.device')}</legend>
          {DEVICES.map((value) => (
            <button key={value} type="button" aria-pressed={device === value} onClick={() => setDevice(value)}>
              {m(`builder.preview.${value}`)}
            </button>
          ))}
        </fieldset>
        <fieldset className="segmented">
          <legend className="visually-hidden">{m('builder.preview.language')}</legend>
          {(Object.keys(LANGUAGES) as Locale[]).map((value) => (
            <button
              key={value}
              type="button"
              lang={value}
              aria-pressed={language === value}
              onClick={() => setLanguage(value)}
            >
              {m(LANGUAGES[value])}
            </button>
          ))}
        </fieldset>
      </div>
      <p className="field__hint preview__note">
        {m('builder.preview.note')}{' '}
        <a href={homepageHref} target="_blank" rel="noopener">
          {m('builder.viewHomepage')} ↗
        </a>
      </p>
      <PreviewFrame
        html={preview.html}
        device={device}
        onEscape={() => dialog.current?.matches(':modal') && dialog.current.close()}
        title={m('builder.preview.frame', {
          device: m(`builder.preview.${device}`),
          language: m(LANGUAGES[language]),
        })}
      />
      {/* Only a failure is announced; an update in progress is shown, not read out at every pause. */}
      <p className="preview__status" data-status={preview.status}>
        <span role="status">{preview.status === 'error' ? m('builder.preview.failed') : ''}</span>
        <span aria-hidden="true">{preview.status === 'loading' ? m('builder.preview.loading') : ''}</span>
      </p>
    </dialog>
  )
}
