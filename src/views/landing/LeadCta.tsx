// A call-to-action button with its lead request panel: an island that hydrates on first interaction.
import LeadRequest from '../../client/islands/LeadRequest'
import type { PageContext } from '../context'
import { Island } from '../Island'
import { leadFormText } from './lead-text'

export function LeadCta({ ctx, id, variant }: { ctx: PageContext; id: string; variant: 'primary' | 'light' }) {
  const props = {
    id,
    locale: ctx.locale,
    ctaLabel: ctx.intl.formatMessage({ id: 'landing.cta' }),
    ctaClassName: `button button--large landing-cta landing-cta--${variant}`,
    privacyHref: `${ctx.localePrefix}/terms/privacy#${ctx.locale}`,
    text: leadFormText(ctx.intl),
  }
  return <Island name="LeadRequest" component={LeadRequest} props={props} hydrate="interaction" />
}
