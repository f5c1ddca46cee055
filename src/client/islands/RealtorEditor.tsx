// The homepage editor (/{desiredUrl}/admin): every field of the realtor in grouped sections, inline
// validation with the API's schema, save (PATCH), delete, export and import, photo upload and a live
// preview. It never loses work: unsaved changes warn before leaving, a failed save keeps the form, and a save
// that meets a version saved elsewhere asks what to do instead of overwriting it (decision 082).
import { useRef, useState } from 'react'
import type { AddressState } from '../../lib/builder/address-state'
import type { Locale } from '../../lib/locale'
import type { Realtor } from '../../lib/realtors/types'
import { providerHomeUrls } from '../../lib/urls'
import { EditorSections } from '../editor/EditorSections'
import { EditorToolbar } from '../editor/EditorToolbar'
import { keepFieldClear } from '../editor/focus-field'
import { ImportDialog } from '../editor/ImportDialog'
import { AddressChangeNotice, AddressDialog, DeleteDialog } from '../editor/lifecycle'
import { OnboardingChecklist } from '../editor/OnboardingChecklist'
import { Preview, PreviewToggle } from '../editor/Preview'
import { PublishControl } from '../editor/PublishControl'
import { SaveConflict } from '../editor/SaveConflict'
import { useRealtorEditor } from '../editor/use-realtor-editor'
import { type Messages, t } from '../lib/messages'
import { useHydrated } from '../use-hydrated'

/**
 * The messages this island and its parts (src/client/editor) read (src/lib/island-messages.ts): every
 * section, field, etcInfo type, photo and preview text, and the toolbar's, list's and notices' own.
 */
export const REALTOR_EDITOR_MESSAGES = [
  'builder.section.',
  'builder.field.',
  'builder.design33.',
  'builder.etc.',
  'builder.photo.',
  'builder.preview.',
  'builder.sections',
  'builder.onboarding.',
  'builder.example.',
  'builder.attention.',
  'builder.import.',
  'builder.emailPrefilled',
  'builder.editorTitle',
  'builder.unsaved',
  'builder.saved',
  'builder.save',
  'builder.saving',
  'builder.discard',
  'builder.savebar.',
  'builder.updated',
  'builder.deleted',
  'builder.imported',
  'builder.confirmDelete',
  'builder.login.network',
  'builder.backToAdmin',
  'builder.viewHomepage',
  'builder.export',
  'builder.import',
  'builder.deleteHomepage',
  'builder.advanced',
  'builder.lifecycle.',
  'builder.conflict.',
  'builder.signOut',
  'builder.signOut.',
  'builder.settings.title',
  'builder.publish.',
  'builder.domain.editor.',
  'builder.add',
  'builder.remove',
  'builder.moveUp',
  'builder.moveDown',
  'builder.empty',
  'builder.yes',
  'builder.no',
  'common.networkError',
] as const

export interface RealtorEditorProps {
  messages: Messages
  locale: Locale
  localePrefix: string
  realtor: Realtor
  /** The version of `realtor` (its ETag), named by the first save's If-Match; null: saves name none. */
  etag?: string | null
  /** The admin console for admins, null for a realtor editing their own homepage. */
  adminHref: string | null
  loginHref: string
  /** The signed-in account's settings page. */
  settingsHref: string
  /** The Domain screen of this site, where the custom domain is connected. */
  domainHref: string
  /** The owning account's email, offered for an empty contact email (null when unknown). */
  accountEmail?: string | null
  /** The provider's public origin: the homepage's address is named and linked there on every site. */
  publicOrigin: string
  /** A notification of the realtor's own has reached them (the checklist's "notifications reach you"). */
  notified?: boolean
  /** What leaving the current address will do (decision 083); null when unknown (upstream mode). */
  addressState?: AddressState | null
}

export default function RealtorEditor({
  messages,
  locale,
  localePrefix,
  realtor: initial,
  etag = null,
  adminHref,
  loginHref,
  settingsHref,
  domainHref,
  accountEmail = null,
  publicOrigin,
  notified = false,
  addressState = null,
}: RealtorEditorProps) {
  const addressOf = (desiredUrl: string) => providerHomeUrls(desiredUrl, publicOrigin).ko
  const [deleting, setDeleting] = useState(false)
  // The address change waiting for the dialog's answer, and how to give it.
  const [moving, setMoving] = useState<{ from: string; to: string } | null>(null)
  const answer = useRef<(ok: boolean) => void>(() => {})
  const confirmAddress = (from: string, to: string) =>
    new Promise<boolean>((resolve) => {
      answer.current = resolve
      setMoving({ from, to })
    })
  const settleMove = (ok: boolean) => {
    setMoving(null)
    answer.current(ok)
  }
  const editor = useRealtorEditor(initial, messages, locale, localePrefix, {
    etag,
    confirmAddress,
    accountEmail,
    addressOf,
    addressState,
  })
  // An unknown state (upstream mode) is told as before: the old address redirects.
  const redirects = editor.addressState?.published ?? true
  // The file chosen for import, waiting for the realtor to confirm that it replaces the homepage.
  const [pendingImport, setPendingImport] = useState<File | null>(null)
  // The full-screen preview of a phone, opened from the save bar.
  const [previewOpen, setPreviewOpen] = useState(false)
  const previewToggle = useRef<HTMLButtonElement>(null)
  const savebar = useRef<HTMLDivElement>(null)
  const { realtor, form, dirty, busy, deleted, notice } = editor
  const hydrated = useHydrated()
  const m = (key: string, values?: Record<string, string | number>) => t(messages, key, values)
  // Absolute, so it is right from a custom domain's editor too (there /{desiredUrl} is no page).
  const homepageHref = providerHomeUrls(realtor.desiredUrl, publicOrigin)[locale]
  const draftAddress = editor.draft.desiredUrl

  return (
    <div className="editor">
      <EditorToolbar
        messages={messages}
        realtorId={realtor.id}
        adminHref={adminHref}
        homepageHref={homepageHref}
        loginHref={loginHref}
        settingsHref={settingsHref}
        unsaved={dirty}
        disabled={!hydrated || deleted}
        onImport={(file) => setPendingImport(file ?? null)}
        onDelete={() => setDeleting(true)}
        publish={
          <PublishControl
            messages={messages}
            locale={locale}
            realtor={realtor}
            dirty={dirty}
            disabled={!hydrated || deleted}
            onChange={editor.adoptPublishState}
            announce={editor.announce}
            addressOf={addressOf}
          />
        }
      />
      <DeleteDialog
        open={deleting}
        messages={messages}
        desiredUrl={realtor.desiredUrl}
        addressOf={addressOf}
        onDelete={editor.remove}
        onCancel={() => setDeleting(false)}
      />
      <AddressDialog
        open={moving !== null}
        redirects={redirects}
        limited={adminHref === null}
        messages={messages}
        from={moving?.from ?? ''}
        to={moving?.to ?? ''}
        addressOf={addressOf}
        onConfirm={() => settleMove(true)}
        onCancel={() => settleMove(false)}
      />
      <p
        ref={editor.noticeRef}
        tabIndex={-1}
        className={`notice${notice ? ` notice--${notice.kind}` : ''}`}
        role={notice?.kind === 'error' ? 'alert' : 'status'}
        data-testid="editor-notice"
      >
        {notice?.text}
      </p>
      {editor.conflict ? (
        <SaveConflict
          messages={messages}
          busy={busy}
          onReload={() => void editor.reloadSaved()}
          onKeep={() => void editor.keepMine()}
        />
      ) : null}
      <ImportDialog
        file={pendingImport}
        dirty={dirty}
        messages={messages}
        onCancel={() => setPendingImport(null)}
        onConfirm={(file) => {
          setPendingImport(null)
          void editor.importFile(file)
        }}
      />
      <OnboardingChecklist
        realtor={realtor}
        messages={messages}
        notified={notified}
        notificationsHref={settingsHref.replace(/\/settings$/, '/notifications')}
      />
      <div className="editor__layout">
        <form
          className="editor__form"
          onSubmit={editor.save}
          onFocus={(event) => keepFieldClear(event.target, savebar.current)}
          noValidate
          aria-label={m('builder.editorTitle', { name: realtor.name })}
        >
          <EditorSections
            form={form}
            messages={messages}
            realtorId={realtor.id}
            accountName={realtor.name}
            locale={locale}
            domainHref={domainHref}
          />
          <div ref={savebar} className="savebar" data-dirty={dirty ? '' : undefined}>
            {hydrated && draftAddress && draftAddress.toLowerCase() !== realtor.desiredUrl.toLowerCase() ? (
              <AddressChangeNotice
                redirects={redirects}
                messages={messages}
                from={realtor.desiredUrl}
                to={draftAddress}
                addressOf={addressOf}
              />
            ) : null}
            {/* A phone shows the short words in a one-line bar; the sentence is what is read out. */}
            <span className="savebar__state" aria-live="polite">
              <span className="savebar__long">{dirty ? m('builder.unsaved') : m('builder.saved')}</span>
              <span className="savebar__short" aria-hidden="true">
                {dirty ? m('builder.savebar.unsaved') : m('builder.savebar.saved')}
              </span>
            </span>
            <PreviewToggle messages={messages} toggleRef={previewToggle} onOpen={() => setPreviewOpen(true)} />
            <button type="button" className="button button--ghost" disabled={!dirty || busy} onClick={editor.discard}>
              <span className="savebar__long">{m('builder.discard')}</span>
              <span className="savebar__short" aria-hidden="true">
                {m('builder.savebar.discard')}
              </span>
            </button>
            <button type="submit" className="button" disabled={!hydrated || busy || deleted}>
              {m(busy ? 'builder.saving' : 'builder.save')}
            </button>
          </div>
        </form>
        <Preview
          draft={editor.draft}
          messages={messages}
          locale={locale}
          homepageHref={homepageHref}
          open={previewOpen}
          onClose={() => setPreviewOpen(false)}
          toggleRef={previewToggle}
        />
      </div>
    </div>
  )
}
