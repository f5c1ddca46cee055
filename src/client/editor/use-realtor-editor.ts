// The editor's state and actions: the realtor as last saved, the draft being edited, the notice the
// last action left, and save, delete, import and discard. Unsaved work warns before the page is left;
// a failed save keeps the draft.
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { type AddressState, addressStateAfterMove } from '../../lib/builder/address-state'
import { describeFieldErrors, fieldLabel } from '../../lib/builder/field-labels'
import { draftOf, errorsOf, inputOf, isDirty, patchOf, type RealtorDraft } from '../../lib/builder/form'
import type { Locale } from '../../lib/locale'
import type { Realtor } from '../../lib/realtors/types'
import { api } from '../lib/api'
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

export interface EditorOptions {
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
    confirmAddress = async () => true,
    accountEmail = null,
    addressOf = (desiredUrl) => `/${desiredUrl}`,
    addressState: initialAddressState = null,
  }: EditorOptions = {},
) {
  const [realtor, setRealtor] = useState(initial)
  const [addressState, setAddressState] = useState(initialAddressState)
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

  /** Takes `updated` as the saved state and the new draft (after a save or an import, or to discard). */
  function adopt(updated: Realtor) {
    const next = draftOf(updated)
    setRealtor(updated)
    setSaved(next)
    setDraft(next)
    resetTouched()
    setShowAll(false)
    setServerErrors({})
    rememberRealtor(updated)
    if (updated.desiredUrl !== realtor.desiredUrl)
      history.replaceState(null, '', `${localePrefix}/${updated.desiredUrl}/admin`)
  }

  /** Publishing changes only the publish state (PublishControl): unsaved edits stay in the draft. */
  function adoptPublishState(updated: Realtor) {
    const published = updated.isMakeHomepage === 'Y'
    setAddressState((state) => state && { ...state, published: state.published || published })
    setRealtor(updated)
    setSaved((current) => ({ ...current, isMakeHomepage: updated.isMakeHomepage }))
    setDraft((current) => ({ ...current, isMakeHomepage: updated.isMakeHomepage }))
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    setNotice(null)
    if (!validation.ok) {
      // Says how many fields and which, then takes the realtor to the first one on the page (the
      // notice is an alert, so it is heard while focus is on the field).
      setShowAll(true)
      const paths = inFormOrder(Object.keys(validation.errors))
      const fields = paths.map((path) => fieldLabel(path, m)).join(', ')
      const key = paths.length === 1 ? 'builder.attention.one' : 'builder.attention.other'
      setNotice({ kind: 'error', text: m(key, { count: paths.length, fields }) })
      requestAnimationFrame(() => {
        if (!paths.some((path) => focusField(path))) noticeRef.current?.focus()
      })
      return
    }
    const patch = patchOf(inputOf(saved), validation.input)
    if (patch.desiredUrl !== undefined && !(await confirmAddress(realtor.desiredUrl, patch.desiredUrl))) return
    setBusy(true)
    const result = await api<Realtor>(
      `/v1/realtor/${realtor.id}`,
      // The page's language for the server's messages (a 409 or the rename limit's 429): an /en/ editor in a
      // browser that prefers Korean and has no language cookie would get them in Korean.
      { method: 'PATCH', json: patch, language: locale },
      m('builder.login.network'),
    )
    setBusy(false)
    if (!result.ok) {
      setServerErrors(errorsOf(result.fields))
      setShowAll(true)
      return announce({ kind: 'error', text: result.message })
    }
    adopt(result.data)
    const moved = result.data.desiredUrl.toLowerCase() !== realtor.desiredUrl.toLowerCase()
    const redirect = { from: addressOf(realtor.desiredUrl), to: addressOf(result.data.desiredUrl) }
    // An address never published under is not held: it is free at once and does not redirect (decision 083).
    const moveText = addressState?.published === false ? 'builder.lifecycle.movedFree' : 'builder.lifecycle.redirectNow'
    const publishedNow = result.data.isMakeHomepage === 'Y'
    setAddressState(
      (state) => state && addressStateAfterMove(state, realtor.desiredUrl, result.data.desiredUrl, publishedNow),
    )
    announce({ kind: 'ok', text: moved ? m(moveText, redirect) : m('builder.updated') })
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
    adopt(result.data)
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
    save,
    remove,
    importFile,
    adoptPublishState,
    announce,
    discard: () => adopt(realtor),
  }
}
