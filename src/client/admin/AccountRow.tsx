// One row of the admin console: who the account is (name, Korean name, email, address, cities), its
// homepage's state (published, or deleted on a date with Restore), the old addresses it holds (each with
// Release), its invitation's state (with Resend and Withdraw), and what an admin can do with it.
import type { AccountSummary } from '../../lib/accounts/list'
import type { Locale } from '../../lib/locale'
import { type Messages, t } from '../lib/messages'

export interface AccountRowProps {
  row: AccountSummary
  messages: Messages
  locale: Locale
  localePrefix: string
  disabled: boolean
  onDelete: (row: AccountSummary) => void
  onRestore: (row: AccountSummary) => void
  onReset: (row: AccountSummary) => void
  onRelease: (row: AccountSummary, address: string) => void
  onResend: (row: AccountSummary) => void
  onRevoke: (row: AccountSummary) => void
}

/** The date of a deletion, the same on the server and in every browser (UTC). */
export function deletedDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'ko' ? 'ko-KR' : 'en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(iso),
  )
}

export function AccountRow({
  row,
  messages,
  locale,
  localePrefix,
  disabled,
  onDelete,
  onRestore,
  onReset,
  onRelease,
  onResend,
  onRevoke,
}: AccountRowProps) {
  const m = (key: string, values?: Record<string, string | number>) => t(messages, key, values)
  const label = row.name || row.email
  const invitation = row.invitation
  return (
    <li className="realtor-row account-row" data-key={row.key} data-desired-url={row.desiredUrl ?? undefined}>
      <div className="realtor-row__who">
        <strong>
          {label}
          {row.koreanName ? (
            <span className="account-row__korean" lang="ko">
              {' '}
              {row.koreanName}
            </span>
          ) : null}
        </strong>
        <span className="muted">{row.email || m('builder.admin.noAccount')}</span>
        <span className="muted">
          {row.desiredUrl ? `/${row.desiredUrl}` : m('builder.admin.noHomepage')}
          {row.cities ? ` · ${row.cities}` : ''}
        </span>
        <span className="account-row__badges">
          {row.role === 'admin' ? <span className="badge">{m('builder.admin.adminRole')}</span> : null}
          {row.desiredUrl && !row.deletedAt ? (
            <span className={`badge ${row.published ? 'badge--ok' : ''}`}>
              {m(row.published ? 'builder.admin.published' : 'builder.admin.unpublished')}
            </span>
          ) : null}
          {invitation ? (
            <span
              className={`badge${invitation.state === 'accepted' ? ' badge--ok' : ''}`}
              data-invitation={invitation.state}
            >
              {m(`builder.admin.invite.state.${invitation.state}`, {
                date: deletedDate(new Date(invitation.expiresAt).toISOString(), locale),
              })}
            </span>
          ) : null}
          {row.deletedAt ? (
            <span className="badge badge--danger">
              {m('builder.admin.deletedOn', { date: deletedDate(row.deletedAt, locale) })}
            </span>
          ) : null}
        </span>
        {row.heldAddresses.length > 0 ? (
          <div className="account-row__held">
            <span className="muted">{m('builder.admin.heldAddresses')}</span>
            <ul>
              {row.heldAddresses.map((held) => (
                <li key={held.address} data-held-address={held.address}>
                  <span>/{held.address}</span>{' '}
                  <span className="muted">
                    {m('builder.admin.heldUntil', { date: deletedDate(`${held.heldUntil}T00:00:00Z`, locale) })}
                  </span>{' '}
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    disabled={disabled}
                    onClick={() => onRelease(row, held.address)}
                    aria-label={`${m('builder.admin.release')}: /${held.address}`}
                  >
                    {m('builder.admin.release')}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="realtor-row__actions">
        {row.desiredUrl && !row.deletedAt ? (
          <>
            <a className="button button--small" href={`${localePrefix}/${row.desiredUrl}/admin`}>
              {m('builder.admin.edit')}
            </a>
            <a className="button button--small button--ghost" href={`${localePrefix}/${row.desiredUrl}`}>
              {m('builder.admin.homepage')}
            </a>
          </>
        ) : null}
        {row.deletedAt ? (
          <button
            type="button"
            className="button button--small"
            disabled={disabled}
            onClick={() => onRestore(row)}
            aria-label={`${m('builder.admin.restore')}: ${label}`}
          >
            {m('builder.admin.restore')}
          </button>
        ) : null}
        {invitation && invitation.state !== 'accepted' ? (
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={disabled}
            onClick={() => onResend(row)}
            aria-label={`${m('builder.admin.invite.resend')}: ${label}`}
          >
            {m('builder.admin.invite.resend')}
          </button>
        ) : null}
        {invitation?.state === 'invited' ? (
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={disabled}
            onClick={() => onRevoke(row)}
            aria-label={`${m('builder.admin.invite.revoke')}: ${label}`}
          >
            {m('builder.admin.invite.revoke')}
          </button>
        ) : null}
        {row.role === 'realtor' ? (
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={disabled}
            onClick={() => onReset(row)}
            aria-label={`${m('builder.admin.resetPassword')}: ${label}`}
          >
            {m('builder.admin.resetPassword')}
          </button>
        ) : null}
        {row.desiredUrl && !row.deletedAt ? (
          <button
            type="button"
            className="button button--small button--danger"
            disabled={disabled}
            onClick={() => onDelete(row)}
            aria-label={`${t(messages, 'builder.delete')}: ${label}`}
          >
            {t(messages, 'builder.delete')}
          </button>
        ) : null}
      </div>
    </li>
  )
}
