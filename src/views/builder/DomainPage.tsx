// /{desiredUrl}/admin/domain: the realtor's own domain (docs/decisions/054-domain-screen.md). The first
// view comes from the server with the Domain as it is; the island checks it from there.
import type { ReactNode } from 'react'
import DomainSettings, { DOMAIN_SETTINGS_MESSAGES } from '../../client/islands/DomainSettings'
import type { DomainView, TakenOver } from '../../lib/builder/domain-screen'
import { messagesOf } from '../../lib/island-messages'
import type { PageContext } from '../context'
import { Island } from '../Island'
import { BackAndIntro, BuilderPage } from './BuilderPage'

export function DomainPage({
  ctx,
  title,
  realtorId,
  domain,
  takenOver,
  pathAddress,
  isAdmin,
  backHref,
  nav,
}: {
  ctx: PageContext
  title: string
  realtorId: number
  domain: DomainView | null
  takenOver: TakenOver | null
  pathAddress: string
  isAdmin: boolean
  backHref: string
  nav?: ReactNode
}) {
  const t = (id: string) => ctx.intl.formatMessage({ id })
  return (
    <BuilderPage
      ctx={ctx}
      title={title}
      nav={nav}
      width="medium"
      lead={<BackAndIntro href={backHref} back={t('builder.domain.back')} intro={t('builder.domain.intro')} />}
    >
      <Island
        name="DomainSettings"
        component={DomainSettings}
        props={{
          messages: messagesOf(ctx.locale, DOMAIN_SETTINGS_MESSAGES),
          locale: ctx.locale,
          realtorId,
          initial: domain,
          initialTakenOver: takenOver,
          pathAddress,
          isAdmin,
        }}
      />
    </BuilderPage>
  )
}
