// The editor's toolbar: links back to the admin console and to the homepage, then Publish, the
// "Advanced" menu (export, import, delete: AdvancedMenu) and sign-out. Import and delete need the script
// and a homepage that still exists.
import type { ReactNode } from 'react'
import { type Messages, t } from '../lib/messages'
import { AdvancedMenu } from './AdvancedMenu'
import { SignOutButton } from './SignOutButton'

export interface EditorToolbarProps {
  messages: Messages
  realtorId: number
  /** The admin console for admins, null for a realtor editing their own homepage. */
  adminHref: string | null
  homepageHref: string
  loginHref: string
  /** The signed-in account's settings page. */
  settingsHref: string
  /** Changes not saved yet: sign-out asks first. */
  unsaved: boolean
  disabled: boolean
  onImport: (file: File | undefined) => void
  onDelete: () => void
  /** The publish state and its button (PublishControl), first among the actions. */
  publish?: ReactNode
}

export function EditorToolbar({
  messages,
  realtorId,
  adminHref,
  homepageHref,
  loginHref,
  settingsHref,
  unsaved,
  disabled,
  onImport,
  onDelete,
  publish,
}: EditorToolbarProps) {
  const m = (key: string) => t(messages, key)
  return (
    <div className="builder-toolbar editor__toolbar">
      <div className="builder-toolbar__links">
        {adminHref ? <a href={adminHref}>← {m('builder.backToAdmin')}</a> : null}
        <a href={homepageHref} target="_blank" rel="noopener">
          {m('builder.viewHomepage')} ↗
        </a>
        <a href={settingsHref}>{m('builder.settings.title')}</a>
      </div>
      <div className="builder-toolbar__actions">
        {publish}
        <AdvancedMenu
          messages={messages}
          realtorId={realtorId}
          disabled={disabled}
          onImport={onImport}
          onDelete={onDelete}
        />
        <SignOutButton messages={messages} loginHref={loginHref} unsaved={unsaved} />
      </div>
    </div>
  )
}
