// /{desiredUrl}/admin/notifications: the realtor's notification settings (docs/decisions/050-notifications.md).

import type { ReactNode } from 'react'
import NotificationSettings, {
  NOTIFICATION_SETTINGS_MESSAGES,
  type NotificationState,
} from '../../client/islands/NotificationSettings'
import PushSettings, { PUSH_SETTINGS_MESSAGES } from '../../client/islands/PushSettings'
import { messagesOf } from '../../lib/island-messages'
import type { PageContext } from '../context'
import { Island } from '../Island'
import { BackAndIntro, BuilderPage } from './BuilderPage'

export function NotificationsPage({
  ctx,
  title,
  realtorId,
  initial,
  backHref,
  nav,
}: {
  ctx: PageContext
  title: string
  realtorId: number
  initial: NotificationState
  backHref: string
  /** The realtor's builder navigation. */
  nav?: ReactNode
}) {
  const t = (id: string) => ctx.intl.formatMessage({ id })
  return (
    <BuilderPage
      ctx={ctx}
      title={title}
      nav={nav}
      lead={<BackAndIntro href={backHref} back={t('builder.notify.back')} intro={t('builder.notify.intro')} />}
    >
      <Island
        name="NotificationSettings"
        component={NotificationSettings}
        props={{
          messages: messagesOf(ctx.locale, NOTIFICATION_SETTINGS_MESSAGES),
          locale: ctx.locale,
          realtorId,
          initial,
        }}
      />
      {/* Push to this device (docs/decisions/065-web-push.md): a service worker scope per realtor's builder. */}
      <Island
        name="PushSettings"
        component={PushSettings}
        props={{
          messages: messagesOf(ctx.locale, PUSH_SETTINGS_MESSAGES),
          locale: ctx.locale,
          realtorId,
          scope: `${ctx.tenantBase}/admin/`,
        }}
      />
    </BuilderPage>
  )
}
