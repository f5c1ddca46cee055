// "What's my home worth?" (docs/decisions/096-home-requests.md): the valuation request on a realtor's
// homepage (above the contact section) and on their search page. The island sends it as a request of kind
// `valuation`; it reaches the realtor's inbox and notifications like a message.
import ValuationRequest, { VALUATION_REQUEST_MESSAGES } from '../../../client/islands/ValuationRequest'
import { Island } from '../../Island'
import type { TenantFrame } from '../TenantLayout'
import { requestFormProps } from './request-form'
import { tOf } from './t'

export interface ValuationSectionProps {
  frame: TenantFrame
  /** The section's id and the prefix of its form's element ids: unique on the page (default `valuation`). */
  idPrefix?: string
}

export function ValuationSection({ frame, idPrefix = 'valuation' }: ValuationSectionProps) {
  const { ctx, realtor, name } = frame
  const t = tOf(ctx)
  const titleId = `${idPrefix}-title`
  return (
    <section id={idPrefix} className="home-section home-valuation" aria-labelledby={titleId}>
      <div className="home-valuation__intro">
        <h2 id={titleId}>{t('home.valuation.title')}</h2>
        <p>{t('home.valuation.intro', { name })}</p>
      </div>
      <div className="home-valuation__form">
        <Island
          name="ValuationRequest"
          component={ValuationRequest}
          props={requestFormProps(ctx, realtor.id, idPrefix, VALUATION_REQUEST_MESSAGES)}
          hydrate="visible"
        />
      </div>
    </section>
  )
}
