// What an unpublished homepage shows (docs/decisions/043-publishing.md): visitors a friendly "coming soon"
// page in the product's frame, with nothing of the realtor's unpublished content; the owner and admins
// the real page under a bar that says only they can see it.
import type { PageContext } from '../context'
import { Layout } from '../Layout'

export function ComingSoonPage({ ctx, landingHref }: { ctx: PageContext; landingHref: string }) {
  const t = (id: string) => ctx.intl.formatMessage({ id })
  return (
    <Layout ctx={ctx}>
      <section className="page coming-soon" data-testid="coming-soon">
        <p className="coming-soon__badge">{t('home.comingSoon.badge')}</p>
        <h1 className="page__title">{t('home.comingSoon.heading')}</h1>
        <p className="coming-soon__body">{t('home.comingSoon.body')}</p>
        <p>
          <a className="button" href={landingHref}>
            {t('home.comingSoon.landing')}
          </a>
        </p>
      </section>
    </Layout>
  )
}

export function UnpublishedBar({ ctx, editorHref }: { ctx: PageContext; editorHref: string }) {
  const t = (id: string) => ctx.intl.formatMessage({ id })
  return (
    <aside className="unpublished-bar" aria-label={t('home.unpublished.label')} data-testid="unpublished-bar">
      <p>
        <strong>{t('home.unpublished.title')}</strong> {t('home.unpublished.body')}
      </p>
      <a href={editorHref}>{t('home.unpublished.edit')}</a>
    </aside>
  )
}
