// The landing page's call to action and the lead request panel it opens (docs/product.md §2, §4): a modal
// <dialog> on the right, ~40% wide on desktop and full width on phones, closed by X, backdrop, Escape
// or a successful submit, with the page's scrollbar hidden while it is open.
import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { track } from '../analytics'
import { type Messages, t } from '../lib/messages'
import { lockPageScroll } from '../lib/scroll-lock'
import { takePendingClick } from '../pending-click'
import { LEAD_FORM_MESSAGES, LeadForm } from './lead/LeadForm'

/** The messages this island reads (src/lib/island-messages.ts): the button's, the panel's and the form's. */
export const LEAD_REQUEST_MESSAGES = ['landing.cta', ...LEAD_FORM_MESSAGES] as const

export interface LeadRequestProps {
  /** Prefix of element ids: the page has one panel per call to action. */
  id: string
  locale: string
  ctaClassName: string
  privacyHref: string
  messages: Messages
}

export default function LeadRequest({ id, locale, ctaClassName, privacyHref, messages }: LeadRequestProps) {
  const [open, setOpen] = useState(false)
  // Rendered from the first opening on and kept, so closing by X keeps what was typed.
  const [rendered, setRendered] = useState(false)
  const cta = useRef<HTMLButtonElement>(null)
  const dialog = useRef<HTMLDialogElement>(null)

  function openPanel() {
    track('lead_realtor_click_btn_cta')
    setRendered(true)
    setOpen(true)
  }

  // A tap that started the download of this island opens the panel once it is live.
  useEffect(() => {
    if (takePendingClick(cta.current) === 'open') openPanel()
  }, [])

  useEffect(() => {
    const element = dialog.current
    if (!open || !element) return
    if (!element.open) element.showModal()
    track('lead_realtor_view_form')
    const unlock = lockPageScroll()
    const button = cta.current
    return () => {
      element.close()
      unlock()
      button?.focus()
    }
  }, [open])

  const titleId = `${id}-title`
  return (
    <>
      <button
        ref={cta}
        type="button"
        className={ctaClassName}
        data-replay="open"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={openPanel}
      >
        {t(messages, 'landing.cta')}
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M5 12h13m-5-6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
      {rendered
        ? createPortal(
            // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click; keyboards close it with Escape (onCancel)
            <dialog
              ref={dialog}
              className="lead-panel"
              aria-labelledby={titleId}
              // Escape: the dialog's cancel event; the state, not the browser, closes it.
              onCancel={(event) => {
                event.preventDefault()
                setOpen(false)
              }}
              // A click on the dialog element itself is a click on its backdrop: the panel fills the dialog.
              onClick={(event) => event.target === event.currentTarget && setOpen(false)}
            >
              <div className="lead-panel__inner">
                <header className="lead-panel__header">
                  <h2 id={titleId}>{t(messages, 'landing.form.title')}</h2>
                  <button
                    type="button"
                    className="lead-panel__close"
                    aria-label={t(messages, 'landing.form.close')}
                    onClick={() => setOpen(false)}
                  >
                    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                      <path d="m6 6 12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
                    </svg>
                  </button>
                </header>
                <LeadForm
                  idPrefix={id}
                  locale={locale}
                  privacyHref={privacyHref}
                  messages={messages}
                  onSent={() => setOpen(false)}
                />
              </div>
            </dialog>,
            document.body,
          )
        : null}
    </>
  )
}
