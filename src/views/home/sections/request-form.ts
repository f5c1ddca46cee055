// The props every request form island of a realtor's site gets (the contact form, the home page's question
// and tour, the valuation request): one place, so the forms send to the same realtor the same way.
import type { RequestFormProps } from '../../../client/components/ContactRequestForm'
import { defaultCountryCode } from '../../../lib/contacts/fields'
import { type IslandMessageIds, messagesOf } from '../../../lib/island-messages'
import { sitePath } from '../../../lib/urls'
import type { PageContext } from '../../context'

export function requestFormProps(
  ctx: PageContext,
  realtorId: number,
  idPrefix: string,
  messageIds: IslandMessageIds,
): RequestFormProps {
  return {
    idPrefix,
    realtorId,
    locale: ctx.locale,
    defaultCountryCode: defaultCountryCode(ctx.locale),
    // This realtor's own privacy page, which holds both languages (#ko, #en).
    termsHref: `${sitePath(ctx, '/terms/privacy')}#${ctx.locale}`,
    messages: messagesOf(ctx.locale, messageIds),
  }
}
