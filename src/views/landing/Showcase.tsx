// The example sites section: the carousel island, hydrated when it scrolls into view.
import RealtorCarousel, { type ExampleSite, REALTOR_CAROUSEL_MESSAGES } from '../../client/islands/RealtorCarousel'
import { messagesOf } from '../../lib/island-messages'
import type { PageContext } from '../context'
import { Island } from '../Island'

export function Showcase({ ctx, sites }: { ctx: PageContext; sites: ExampleSite[] }) {
  const t = (id: string) => ctx.intl.formatMessage({ id })
  const props = { messages: messagesOf(ctx.locale, REALTOR_CAROUSEL_MESSAGES), sites }
  return (
    <section className="landing-section showcase" aria-labelledby="showcase-title">
      <div className="landing-section__head">
        <h2 id="showcase-title">{t('landing.showcase.title')}</h2>
        <p>{t('landing.showcase.intro')}</p>
      </div>
      <Island name="RealtorCarousel" component={RealtorCarousel} props={props} hydrate="visible" />
    </section>
  )
}
