// A call-to-action button with its lead request panel: an island that hydrates on first interaction.
import LeadRequest, { LEAD_REQUEST_MESSAGES } from '../../client/islands/LeadRequest'
import { messagesOf } from '../../lib/island-messages'
import type { PageContext } from '../context'
import { Island } from '../Island'

export function LeadCta({ ctx, id, variant }: { ctx: PageContext; id: string; variant: 'primary' | 'light' }) {
  const props = {
    id,
    locale: ctx.locale,
    ctaClassName: `button button--large landing-cta landing-cta--${variant}`,
    privacyHref: `${ctx.localePrefix}/terms/privacy#${ctx.locale}`,
    messages: messagesOf(ctx.locale, LEAD_REQUEST_MESSAGES),
  }
  return <Island name="LeadRequest" component={LeadRequest} props={props} hydrate="interaction" />
}
