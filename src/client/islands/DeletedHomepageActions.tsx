// The actions of a deleted homepage's state page (src/views/builder/DeletedPage.tsx): sign out, and
// write to the administrator who can restore it. The page itself is rendered on the server.
import { SignOutButton } from '../editor/SignOutButton'
import { type Messages, t } from '../lib/messages'

export const DELETED_HOMEPAGE_MESSAGES = [
  'builder.signOut',
  'builder.signOut.',
  'builder.lifecycle.contactAdmin',
  'builder.lifecycle.openConsole',
  'common.networkError',
] as const

export interface DeletedHomepageActionsProps {
  messages: Messages
  loginHref: string
  /** mailto: of the administrator, when one is configured. */
  contactHref: string | null
  /** The admin console, for an admin looking at a deleted homepage. */
  adminHref: string | null
}

export default function DeletedHomepageActions({
  messages,
  loginHref,
  contactHref,
  adminHref,
}: DeletedHomepageActionsProps) {
  return (
    <div className="deleted-state__actions">
      {adminHref ? (
        <a className="button button--small" href={adminHref}>
          {t(messages, 'builder.lifecycle.openConsole')}
        </a>
      ) : contactHref ? (
        <a className="button button--small" href={contactHref}>
          {t(messages, 'builder.lifecycle.contactAdmin')}
        </a>
      ) : null}
      <SignOutButton messages={messages} loginHref={loginHref} />
    </div>
  )
}
