// The realtor site's other pages (docs/product.md §2) in the realtor's frame: the legal texts (how a homepage
// is made, terms, privacy: src/views/legal), the brokerage page (probiz), an animation showcase and the loaded
// realtor state.
import type { ReactNode } from 'react'
import { displayNameOf, marketOf } from '../../lib/home/profile'
import type { LegalIntls } from '../../lib/i18n'
import { PHOTO_PATHS } from '../../lib/realtors/types'
import { pageUrls, sitePath } from '../../lib/urls'
import type { LegalText } from '../legal/documents'
import { LegalDocument } from '../legal/LegalDocument'
import { type TenantFrame, TenantLayout } from './TenantLayout'

type T = (id: string, values?: Record<string, string | number>) => string
const tOf =
  (frame: TenantFrame): T =>
  (id, values) =>
    frame.ctx.intl.formatMessage({ id }, values)
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1)

export function TenantPage({
  frame,
  title,
  intro,
  children,
}: {
  frame: TenantFrame
  title: string
  intro?: string
  children?: ReactNode
}) {
  return (
    <TenantLayout frame={frame}>
      <article className="tenant-page">
        <h1>{title}</h1>
        {intro ? <p className="tenant-page__intro">{intro}</p> : null}
        {children}
      </article>
    </TenantLayout>
  )
}

/** A legal text (privacy, terms, process) in the realtor's frame: links stay on this site, the realtor is named. */
export function LegalBody({
  frame,
  doc,
  publicOrigin,
  legal,
}: {
  frame: TenantFrame
  doc: LegalText
  publicOrigin: string
  legal: LegalIntls
}) {
  const { ctx, realtor } = frame
  return (
    <LegalDocument
      legal={legal}
      doc={doc}
      locale={ctx.locale}
      tenantBase={ctx.tenantBase}
      landing={pageUrls(null, publicOrigin, '/')}
      realtorName={{ ko: displayNameOf(realtor, 'ko'), en: displayNameOf(realtor, 'en') }}
    />
  )
}

export function ProbizBody({ frame }: { frame: TenantFrame }) {
  const t = tOf(frame)
  const home = sitePath(frame.ctx)
  return (
    <>
      <ul className="probiz-services">
        {range(3).map((n) => (
          <li key={n}>
            <h2>{t(`home.probiz.s${n}.title`)}</h2>
            <p>{t(`home.probiz.s${n}.body`)}</p>
          </li>
        ))}
      </ul>
      <p>
        <a className="button button--brand" href={`${home}#contact`}>
          {t('home.hero.cta')}
        </a>
      </p>
    </>
  )
}

/** An animation showcase in plain CSS (no library, no script); still under prefers-reduced-motion. */
export function AnimationShowcase({ frame }: { frame: TenantFrame }) {
  const t = tOf(frame)
  return (
    <div className="motion-demo">
      {['fade', 'rise', 'spin', 'pulse'].map((kind) => (
        <figure key={kind} className="motion-demo__item">
          <div className={`motion-demo__shape motion-demo__shape--${kind}`} aria-hidden="true" />
          <figcaption>{t(`home.gsap.${kind}`)}</figcaption>
        </figure>
      ))}
    </div>
  )
}

/** The realtor state the site has loaded, as a visitor may see it (public fields only). */
export function RealtorState({ frame }: { frame: TenantFrame }) {
  const t = tOf(frame)
  const { realtor, ctx } = frame
  const rows: [string, string][] = [
    ['id', String(realtor.id)],
    ['desiredUrl', realtor.desiredUrl],
    ['locale', ctx.locale],
    ['market', marketOf(realtor.activityRegion) || '—'],
    ['activityRegion', String(realtor.activityRegion.length)],
    ['photos', PHOTO_PATHS.map((path) => `${path} ${frame.photos[path].length}`).join(' · ')],
    ['etcInfo', String(realtor.etcInfo?.length ?? 0)],
    ['additionalSections', String(realtor.additionalSections?.length ?? 0)],
    ['designMainColor', realtor.designMainColor],
    ['designMainDarkMode', realtor.designMainDarkMode],
    ['contentDarkMode', realtor.contentDarkMode],
  ]
  return (
    <dl className="state-list" aria-label={t('home.pinia.label')}>
      {rows.map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
