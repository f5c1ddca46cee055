// The editor's state and actions: the realtor as last saved with its version (ETag), the draft being edited,
// the notice the last action left, and save, delete, import and discard. Unsaved work warns before the page
// is left; a failed save keeps the draft. A save on a version saved elsewhere meanwhile is refused (412) and
// the realtor chooses: load the saved version, or keep their changes made again on it (decision 082).
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { type AddressState, addressStateAfterMove } from '../../lib/builder/address-state'
import { describeFieldErrors, fieldLabel } from '../../lib/builder/field-labels'
import {
  draftOf,
  errorsOf,
  type FieldErrors,
  inputOf,
  isDirty,
  patchOf,
  type RealtorDraft,
  validateDraft,
} from '../../lib/builder/form'
import { rebaseDraft } from '../../lib/builder/rebase'
import type { Locale } from '../../lib/locale'
import type { RealtorInput } from '../../lib/realtors/schema'
import type { Realtor } from '../../lib/realtors/types'
import { type ApiResult, api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { setItem } from '../lib/storage'
import { focusField, inFormOrder } from './focus-field'
import { useEditorForm } from './form-binding'
import { isLeaving } from './leave-guard'
import type { AddressOf } from './lifecycle'

export type Notice = { kind: 'ok' | 'error'; text: string } | null

/** The spec's realtorInfo storage item: which homepage this browser edits. */
const rememberRealtor = ({ id, desiredUrl, name }: Realtor) => setItem('realtorInfo', { id, desiredUrl, name })

/** Asked before a save that changes the homepage address (the editor's confirmation dialog). */
export type ConfirmAddress = (from: string, to: string) => Promise<boolean>

/** The version an answer names (its ETag), or null: then a save sends no If-Match. */
const versionOf = (result: ApiResult<unknown>) => (result.ok ? (result.headers?.get('etag') ?? null) : null)

/** True when `after` is `before` with only the publish switch moved: nothing the draft was made on changed. */
const onlyPublished = (before: Realtor, after: Realtor) =>
  JSON.stringify({ ...before, isMakeHomepage: after.isMakeHomepage }) === JSON.stringify(after)

export interface EditorOptions {
  /** The version of `initial` (its ETag), which the first save names in If-Match; null sends none. */
  etag?: string | null
  confirmAddress?: ConfirmAddress
  /** The owning account's email, offered for an empty contact email. */
  accountEmail?: string | null
  /** A homepage's full address, to announce the redirect an address change made. */
  addressOf?: AddressOf
  /** What leaving the current address will do (decision 083); null when unknown (upstream mode). */
  addressState?: AddressState | null
}

/**
 * The draft the editor opens with: the saved homepage, with an empty contact email filled in from the
 * owner's account (unsaved, so the realtor sees it and keeps it with Save; docs/decisions/048).
 */
const openingDraft = (saved: RealtorDraft, accountEmail: string | null) =>
  !saved.email && accountEmail ? { ...saved, email: accountEmail } : saved

export function useRealtorEditor(
  initial: Realtor,
  messages: Messages,
  locale: Locale,
  localePrefix: string,
  {
    etag: initialEtag = null,
    confirmAddress = async () => true,
    accountEmail = null,
    addressOf = (desiredUrl) => `/${desiredUrl}`,
    addressState: initialAddressState = null,
  }: EditorOptions = {},
) {
  const [realtor, setRealtor] = useState(initial)
  const [addressState, setAddressState] = useState(initialAddressState)
  const [etag, setEtag] = useState(initialEtag)
  // A save was refused because the homepage was saved elsewhere: the realtor chooses what happens next.
  const [conflict, setConflict] = useState(false)
  const [saved, setSaved] = useState<RealtorDraft>(() => draftOf(initial))
  const { form, draft, setDraft, validation, setShowAll, setServerErrors, resetTouched } = useEditorForm(
    openingDraft(saved, accountEmail),
    locale,
  )
  const [notice, setNotice] = useState<Notice>(() =>
    !initial.email && accountEmail ? { kind: 'ok', text: t(messages, 'builder.emailPrefilled') } : null,
  )
  const [busy, setBusy] = useState(false)
  const [deleted, setDeleted] = useState(false)
  const noticeRef = useRef<HTMLParagraphElement>(null)
  const dirty = !deleted && isDirty(saved, draft)
  const m = (key: string, values?: Record<string, string | number>) => t(messages, key, values)

  useEffect(() => rememberRealtor(initial), [initial])

  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => {
      // Signing out already asked in our own dialog.
      if (isLeaving()) return
      event.preventDefault()
      event.returnValue = ''
    }
    addEventListener('beforeunload', warn)
    return () => removeEventListener('beforeunload', warn)
  }, [dirty])

  /** Shows the outcome and moves focus to it, so a screen reader hears it and a keyboard starts there. */
  function announce(next: Notice) {
    setNotice(next)
    requestAnimationFrame(() => noticeRef.current?.focus())
  }

  /**
   * Takes `updated` as the saved state and the new draft (after a save or an import, or to discard); `version`
   * is its ETag when the answer named one (a discard keeps the version it has).
   */
  function adopt(updated: Realtor, version: string | null = etag) {
    const next = draftOf(updated)
    setRealtor(updated)
    setEtag(version)
    setConflict(false)
    setSaved(next)
    setDraft(next)
    resetTouched()
    setShowAll(false)
    setServerErrors({})
    rememberRealtor(updated)
    if (updated.desiredUrl !== realtor.desiredUrl)
      history.replaceState(null, '', `${localePrefix}/${updated.desiredUrl}/admin`)
  }

  /**
   * Publishing changes only the publish state (PublishControl): unsaved edits stay in the draft. Its version is
   * taken only when nothing else changed meanwhile: otherwise the next save still meets the other session's
   * save, as it should. Published once, the current address is held when it is left (decision 083).
   */
  function adoptPublishState(updated: Realtor, version: string | null) {
    if (onlyPublished(realtor, updated)) setEtag(version)
    const published = updated.isMakeHomepage === 'Y'
    setAddressState((state) => state && { ...state, published: state.published || published })
    setRealtor(updated)
    setSaved((current) => ({ ...current, isMakeHomepage: updated.isMakeHomepage }))
    setDraft((current) => ({ ...current, isMakeHomepage: updated.isMakeHomepage }))
  }

  /**
   * Says how many fields need attention and which, then takes the realtor to the first one on the page (the
   * notice is an alert, so it is heard while focus is on the field).
   */
  function askAttention(errors: FieldErrors) {
    setShowAll(true)
    const paths = inFormOrder(Object.keys(errors))
    const fields = paths.map((path) => fieldLabel(path, m)).join(', ')
    const key = paths.length === 1 ? 'builder.attention.one' : 'builder.attention.other'
    setNotice({ kind: 'error', text: m(key, { count: paths.length, fields }) })
    requestAnimationFrame(() => {
      if (!paths.some((path) => focusField(path))) noticeRef.current?.focus()
    })
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    setNotice(null)
    if (!validation.ok) return askAttention(validation.errors)
    const patch = patchOf(inputOf(saved), validation.input)
    if (patch.desiredUrl !== undefined && !(await confirmAddress(realtor.desiredUrl, patch.desiredUrl))) return
    await send(realtor, patch, etag, addressState)
  }

  /**
   * PATCHes the changes on version `version` of `shown` (the saved homepage they were made on), whose address
   * state is `state`.
   */
  async function send(
    shown: Realtor,
    patch: Partial<RealtorInput>,
    version: string | null,
    state: AddressState | null,
    done = 'builder.updated',
  ) {
    setBusy(true)
    const result = await api<Realtor>(
      `/v1/realtor/${shown.id}`,
      // The page's language for the server's messages (a 409 or the rename limit's 429): an /en/ editor in a
      // browser that prefers Korean and has no language cookie would get them in Korean.
      { method: 'PATCH', json: patch, language: locale, headers: version ? { 'if-match': version } : {} },
      m('builder.login.network'),
    )
    setBusy(false)
    if (!result.ok && result.status === 412) {
      // Saved elsewhere since this version: nothing was written. The draft stays; the realtor chooses.
      setNotice(null)
      setConflict(true)
      return
    }
    if (!result.ok) {
      setServerErrors(errorsOf(result.fields))
      setShowAll(true)
      return announce({ kind: 'error', text: result.message })
    }
    adopt(result.data, versionOf(result))
    const moved = result.data.desiredUrl.toLowerCase() !== shown.desiredUrl.toLowerCase()
    const redirect = { from: addressOf(shown.desiredUrl), to: addressOf(result.data.desiredUrl) }
    // An address never published under is not held: it is free at once and does not redirect (decision 083).
    const moveText = state?.published === false ? 'builder.lifecycle.movedFree' : 'builder.lifecycle.redirectNow'
    const publishedNow = result.data.isMakeHomepage === 'Y'
    setAddressState(state && addressStateAfterMove(state, shown.desiredUrl, result.data.desiredUrl, publishedNow))
    announce({ kind: 'ok', text: moved ? m(moveText, redirect) : m(done) })
  }

  /** The homepage as saved now, with its version; null (and the reason announced) when it cannot be read. */
  async function loadSaved(): Promise<{ current: Realtor; version: string | null } | null> {
    setBusy(true)
    const result = await api<Realtor>(`/v1/realtor/${realtor.id}`, {}, m('common.networkError'))
    setBusy(false)
    if (!result.ok) {
      announce({ kind: 'error', text: result.message })
      return null
    }
    return { current: result.data, version: versionOf(result) }
  }

  /**
   * The address state once the homepage saved elsewhere is `current`: a move made there is followed as the
   * database did it (a move and a publication in between are told as one step, for the editor's texts only).
   */
  function addressStateOfSaved(current: Realtor): AddressState | null {
    return (
      addressState &&
      addressStateAfterMove(addressState, realtor.desiredUrl, current.desiredUrl, current.isMakeHomepage === 'Y')
    )
  }

  /** The conflict's first way out: the saved version replaces the draft (the realtor's changes are dropped). */
  async function reloadSaved() {
    const loaded = await loadSaved()
    if (!loaded) return
    setAddressState(addressStateOfSaved(loaded.current))
    adopt(loaded.current, loaded.version)
    announce({ kind: 'ok', text: m('builder.conflict.reloaded') })
  }

  /**
   * The other way out: the realtor's changes made again on the saved version (rebaseDraft: fields they did not
   * touch keep what was saved elsewhere, photos either side added stay) and saved on it.
   */
  async function keepMine() {
    const loaded = await loadSaved()
    if (!loaded) return
    const { current, version } = loaded
    const base = draftOf(current)
    const rebased = rebaseDraft(saved, draft, base)
    const state = addressStateOfSaved(current)
    setRealtor(current)
    setAddressState(state)
    setSaved(base)
    setEtag(version)
    setConflict(false)
    setDraft(rebased)
    const checked = validateDraft(rebased, locale)
    if (!checked.ok) return askAttention(checked.errors)
    await send(current, patchOf(inputOf(base), checked.input), version, state, 'builder.conflict.kept')
  }

  /** Deletes with the typed address; the error to show in the dialog, or null once deleted. */
  async function remove(address: string): Promise<string | null> {
    const json = { address }
    const result = await api(`/v1/realtor/${realtor.id}`, { method: 'DELETE', json }, m('common.networkError'))
    if (!result.ok) return result.fields[0]?.message ?? result.message
    setDeleted(true)
    announce({ kind: 'ok', text: m('builder.deleted') })
    return null
  }

  // Deleted: the server's page says what happened and what can be done (never a dead form).
  useEffect(() => {
    if (deleted) location.reload()
  }, [deleted])

  async function importFile(file: File | undefined) {
    if (!file) return
    const body = new FormData()
    body.set('file', file)
    body.set('realtorId', String(realtor.id))
    const result = await api<Realtor>(
      `/v1/realtor/import/${realtor.id}`,
      { method: 'POST', body },
      m('common.networkError'),
    )
    if (!result.ok) {
      const detail = describeFieldErrors(result.fields, m).join(' ')
      return announce({ kind: 'error', text: detail ? `${result.message} ${detail}` : result.message })
    }
    adopt(result.data, versionOf(result))
    announce({ kind: 'ok', text: m('builder.imported', { id: realtor.id }) })
  }

  return {
    realtor,
    addressState,
    form,
    draft,
    dirty,
    busy,
    deleted,
    notice,
    noticeRef,
    conflict,
    reloadSaved,
    keepMine,
    save,
    remove,
    importFile,
    adoptPublishState,
    announce,
    discard: () => adopt(realtor),
  }
}
