// /admin for provider staff: every account and homepage, searched and paged on the server (the first
// page comes with the HTML, the next ones load in place, the URL keeps the search), each with its
// email, publish and delete state; reset a realtor's password, delete a homepage by typing its
// address, restore a deleted one, release an old address a homepage holds, and create a realtor (account
// and homepage in one step), invited by mail by default, the invitation resent or withdrawn
// (docs/decisions/102-invitations.md); `?lead=` opens the form filled in from a landing lead.
import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { InvitationSummary } from '../../lib/accounts/invitation-state'
import type { AccountPage, AccountSummary } from '../../lib/accounts/list'
import type { LeadInvitation } from '../../lib/leads/conversion'
import type { Locale } from '../../lib/locale'
import { DeleteDialog, ReleaseDialog, type Releasing, ResetDialog } from '../admin/AccountDialogs'
import { AccountRow } from '../admin/AccountRow'
import {
  type ApiCall,
  afterDelete,
  afterRelease,
  afterRestore,
  consoleUrl,
  deleteCall,
  invitationCall,
  listCall,
  releaseCall,
  resetCall,
  restoreCall,
} from '../admin/account-actions'
import { CreateAccountForm } from '../admin/CreateAccountForm'
import { DomainList } from '../admin/DomainList'
import { SignOutButton } from '../editor/SignOutButton'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { useHydrated } from '../use-hydrated'

/** The messages this island reads (src/lib/island-messages.ts), its sign-out button's among them. */
export const ADMIN_CONSOLE_MESSAGES = [
  'builder.admin.',
  'builder.login.email',
  'builder.field.desiredUrl',
  'builder.created',
  'builder.deleted',
  'builder.delete',
  'builder.signOut',
  'builder.signOut.',
  'builder.domain.admin.',
  'builder.domain.state.',
  'builder.domain.sim.',
  'common.networkError',
] as const

export interface AdminConsoleProps {
  messages: Messages
  locale: Locale
  localePrefix: string
  loginHref: string
  settingsHref: string
  /** The search in the URL (`?q=`) and its first page, rendered on the server. */
  query: string
  page: AccountPage
  /** "Create homepage from this lead" (`?lead=`): what the new-realtor form starts with. */
  lead: LeadInvitation | null
}

type Notice = { kind: 'ok' | 'error'; text: string } | null

/** Waits this long after the last keystroke before searching. */
const SEARCH_DELAY_MS = 300

export default function AdminConsole({
  messages,
  locale,
  localePrefix,
  loginHref,
  settingsHref,
  query: initialQuery,
  page,
  lead,
}: AdminConsoleProps) {
  const [rows, setRows] = useState(page.items)
  const [next, setNext] = useState(page.next)
  const [query, setQuery] = useState(initialQuery)
  const [loading, setLoading] = useState(false)
  const [notice, setNotice] = useState<Notice>(null)
  const [deleting, setDeleting] = useState<AccountSummary | null>(null)
  const [resetting, setResetting] = useState<AccountSummary | null>(null)
  const [releasing, setReleasing] = useState<Releasing | null>(null)
  const [temporary, setTemporary] = useState<string | null>(null)
  const [dialogError, setDialogError] = useState('')
  const [busy, setBusy] = useState(false)
  const searched = useRef(initialQuery)
  const hydrated = useHydrated()
  const network = t(messages, 'common.networkError')
  const m = (key: string, values?: Record<string, string | number>) => t(messages, key, values)

  const send = <T,>(call: ApiCall) => api<T>(call.path, { method: call.method, json: call.json }, network)
  const replace = (updated: AccountSummary) =>
    setRows((list) => list.map((row) => (row.key === updated.key ? updated : row)))

  /** The first page of a search, in place of the list; the address bar follows. */
  async function search(words: string) {
    searched.current = words
    setLoading(true)
    const result = await send<AccountPage>(listCall(words))
    if (searched.current !== words) return
    setLoading(false)
    if (!result.ok) return setNotice({ kind: 'error', text: result.message })
    setRows(result.data.items)
    setNext(result.data.next)
    history.replaceState(null, '', consoleUrl(location.pathname, words))
  }

  useEffect(() => {
    if (query === searched.current) return
    const timer = setTimeout(() => void search(query), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  })

  async function loadMore() {
    setLoading(true)
    const result = await send<AccountPage>(listCall(searched.current, next))
    setLoading(false)
    if (!result.ok) return setNotice({ kind: 'error', text: result.message })
    setRows((list) => [...list, ...result.data.items])
    setNext(result.data.next)
  }

  async function confirmDelete(typed: string) {
    const row = deleting
    const call = row && deleteCall(row, typed)
    if (!row || !call) return
    setBusy(true)
    const result = await send(call)
    setBusy(false)
    if (!result.ok) return setDialogError(result.message)
    replace(afterDelete(row, new Date()))
    // Closes with its error cleared, so the next delete starts clean.
    closeDialogs()
    setNotice({ kind: 'ok', text: t(messages, 'builder.deleted') })
  }

  async function restore(row: AccountSummary) {
    const call = restoreCall(row)
    if (!call) return
    const result = await send(call)
    if (!result.ok) return setNotice({ kind: 'error', text: result.message })
    replace(afterRestore(row))
    setNotice({ kind: 'ok', text: m('builder.admin.restored') })
  }

  async function confirmReset() {
    const call = resetting && resetCall(resetting)
    if (!call) return
    setBusy(true)
    const result = await send<{ temporaryPassword: string }>(call)
    setBusy(false)
    if (!result.ok) return setDialogError(result.message)
    setTemporary(result.data.temporaryPassword)
  }

  /** Resend: a new link, the old one dead; withdraw: the link dead, the account kept without a password. */
  async function changeInvitation(row: AccountSummary, resend: boolean) {
    const call = invitationCall(row, resend)
    if (!call) return
    const result = await send<{ invitation: InvitationSummary; mailed?: boolean }>(call)
    if (!result.ok) return setNotice({ kind: 'error', text: result.message })
    replace({ ...row, invitation: result.data.invitation })
    const key = !resend
      ? 'builder.admin.invite.revoked'
      : result.data.mailed
        ? 'builder.admin.invite.resent'
        : 'builder.admin.invite.notMailed'
    setNotice({ kind: resend && !result.data.mailed ? 'error' : 'ok', text: m(key, { email: row.email }) })
  }

  async function confirmRelease() {
    const target = releasing
    const call = target && releaseCall(target.row, target.address)
    if (!target || !call) return
    setBusy(true)
    const result = await send(call)
    setBusy(false)
    if (!result.ok) return setDialogError(result.message)
    replace(afterRelease(target.row, target.address))
    closeDialogs()
    setNotice({ kind: 'ok', text: m('builder.admin.released', { address: target.address }) })
  }

  function closeDialogs() {
    setDeleting(null)
    setResetting(null)
    setReleasing(null)
    setTemporary(null)
    setDialogError('')
  }

  return (
    <div className="admin-console">
      <div className="builder-toolbar">
        <p className="builder-toolbar__count">{m('builder.admin.shown', { count: rows.length })}</p>
        <div className="builder-toolbar__actions">
          <a className="button button--small button--ghost" href={settingsHref}>
            {m('builder.admin.settings')}
          </a>
          <SignOutButton messages={messages} loginHref={loginHref} />
        </div>
      </div>
      <p className={`notice${notice ? ` notice--${notice.kind}` : ''}`} role="status" aria-live="polite">
        {notice?.text}
      </p>
      <div className="admin-grid">
        <section className="card" aria-labelledby="admin-list-title">
          <h2 id="admin-list-title" className="visually-hidden">
            {m('builder.admin.shown', { count: rows.length })}
          </h2>
          <search>
            <form
              className="search"
              action={`${localePrefix}/admin`}
              onSubmit={(event: FormEvent) => {
                event.preventDefault()
                void search(query)
              }}
            >
              <label htmlFor="admin-search" className="visually-hidden">
                {m('builder.admin.search')}
              </label>
              <input
                id="admin-search"
                type="search"
                name="q"
                placeholder={m('builder.admin.search')}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
              <button type="submit" className="button button--small">
                {m('builder.admin.searchButton')}
              </button>
            </form>
          </search>
          {rows.length === 0 && !loading ? <p className="muted">{m('builder.admin.none')}</p> : null}
          <ul className="realtor-list" aria-busy={loading}>
            {rows.map((row) => (
              <AccountRow
                key={row.key}
                row={row}
                messages={messages}
                locale={locale}
                localePrefix={localePrefix}
                disabled={!hydrated}
                onDelete={(target) => setDeleting(target)}
                onRestore={(target) => void restore(target)}
                onReset={(target) => setResetting(target)}
                onRelease={(target, address) => setReleasing({ row: target, address })}
                onResend={(target) => void changeInvitation(target, true)}
                onRevoke={(target) => void changeInvitation(target, false)}
              />
            ))}
          </ul>
          {next ? (
            <button
              type="button"
              className="button button--ghost button--block"
              disabled={!hydrated || loading}
              onClick={() => void loadMore()}
            >
              {m(loading ? 'builder.admin.loading' : 'builder.admin.loadMore')}
            </button>
          ) : null}
        </section>
        <CreateAccountForm
          messages={messages}
          locale={locale}
          hydrated={hydrated}
          prefill={lead}
          onError={(text) => setNotice({ kind: 'error', text })}
          onCreated={({ account, realtor, invitation = null, mailed }) => {
            const row: AccountSummary = {
              key: `a${account.id}`,
              accountId: account.id,
              role: 'realtor',
              name: account.name,
              email: account.email,
              realtorId: realtor.id,
              desiredUrl: realtor.desiredUrl,
              koreanName: '',
              cities: '',
              published: false,
              deletedAt: null,
              heldAddresses: [],
              invitation,
            }
            setRows((list) => [row, ...list])
            if (!invitation) return setNotice({ kind: 'ok', text: t(messages, 'builder.created') })
            const key = mailed ? 'builder.admin.invite.sent' : 'builder.admin.invite.notMailed'
            setNotice({ kind: mailed ? 'ok' : 'error', text: m(key, { email: account.email }) })
          }}
        />
      </div>
      <DomainList messages={messages} localePrefix={localePrefix} hydrated={hydrated} />
      <DeleteDialog
        row={deleting}
        messages={messages}
        busy={busy}
        error={dialogError}
        onConfirm={(typed) => void confirmDelete(typed)}
        onClose={closeDialogs}
      />
      <ReleaseDialog
        releasing={releasing}
        messages={messages}
        busy={busy}
        error={dialogError}
        onConfirm={() => void confirmRelease()}
        onClose={closeDialogs}
      />
      <ResetDialog
        row={resetting}
        messages={messages}
        busy={busy}
        error={dialogError}
        password={temporary}
        onConfirm={() => void confirmReset()}
        onClose={closeDialogs}
      />
    </div>
  )
}
