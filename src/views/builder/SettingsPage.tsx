// /admin/settings: the signed-in account's own settings (docs/decisions/046-account-settings.md), on
// the provider's site and on each realtor's, with a way back to where the user works.
import type { ReactNode } from 'react'
import AccountSettings, { ACCOUNT_SETTINGS_MESSAGES } from '../../client/islands/AccountSettings'
import TimeZoneSettings, { TIME_ZONE_MESSAGES } from '../../client/islands/TimeZoneSettings'
import { messagesOf } from '../../lib/island-messages'
import type { SessionUser } from '../../lib/session'
import { TIME_ZONES, zoneName } from '../../lib/time-zone'
import type { PageContext } from '../context'
import { Island } from '../Island'
import { BackAndIntro, BuilderPage } from './BuilderPage'

export function SettingsPage({
  ctx,
  title,
  user,
  backHref,
  loginHref,
  nav,
  clock,
}: {
  ctx: PageContext
  title: string
  user: SessionUser
  backHref: string
  loginHref: string
  /** The realtor's builder navigation, on a realtor's site. */
  nav?: ReactNode
  /** On a realtor's site: whose clock the inbox and notifications use (decision 063). */
  clock?: { realtorId: number; timeZone: string; chosen: boolean }
}) {
  const t = (id: string) => ctx.intl.formatMessage({ id })
  return (
    <BuilderPage
      ctx={ctx}
      title={title}
      nav={nav}
      lead={<BackAndIntro href={backHref} back={t('builder.settings.back')} intro={t('builder.settings.intro')} />}
    >
      <Island
        name="AccountSettings"
        component={AccountSettings}
        props={{
          messages: messagesOf(ctx.locale, ACCOUNT_SETTINGS_MESSAGES),
          locale: ctx.locale,
          user: { name: user.name, email: user.email },
          loginHref,
        }}
      />
      {clock ? (
        <Island
          name="TimeZoneSettings"
          component={TimeZoneSettings}
          props={{
            messages: messagesOf(ctx.locale, TIME_ZONE_MESSAGES),
            locale: ctx.locale,
            ...clock,
            zones: TIME_ZONES.map((zone) => ({ zone, name: zoneName(zone, ctx.locale) })),
          }}
        />
      ) : null}
    </BuilderPage>
  )
}
