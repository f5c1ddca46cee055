// The realtor site's other pages (docs/product.md §2) in the realtor's frame: how a homepage is made, terms,
// privacy, agreement, the brokerage page (probiz), an animation showcase and the loaded realtor state.
import type { ReactNode } from 'react'
import { marketOf } from '../../lib/home/profile'
import { PHOTO_PATHS } from '../../lib/realtors/types'
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

function Sections({ t, prefix, count }: { t: T; prefix: string; count: number }) {
  return (
    <>
      {range(count).map((n) => (
        <section key={n} className="tenant-page__section">
          <h2>{t(`${prefix}${n}.title`)}</h2>
          <p>{t(`${prefix}${n}.body`)}</p>
        </section>
      ))}
    </>
  )
}

export const PROCESS_STEPS = 5
export function ProcessSteps({ frame }: { frame: TenantFrame }) {
  const t = tOf(frame)
  return (
    <ol className="process-steps">
      {range(PROCESS_STEPS).map((n) => (
        <li key={n} className="process-steps__step">
          <h2>{t(`home.process.step${n}.title`)}</h2>
          <p>{t(`home.process.step${n}.body`)}</p>
        </li>
      ))}
    </ol>
  )
}

export function TermsBody({ frame }: { frame: TenantFrame }) {
  return <Sections t={tOf(frame)} prefix="home.terms.s" count={4} />
}

/** Both languages on one page, anchored #ko and #en (docs/product.md §2): the link picks the reader's. */
export function PrivacyBody({ ko, en }: { ko: T; en: T }) {
  return (
    <>
      {(
        [
          ['ko', ko],
          ['en', en],
        ] as const
      ).map(([lang, t]) => (
        <section key={lang} id={lang} lang={lang} className="tenant-page__section">
          <h2>{t('home.privacy.heading')}</h2>
          {range(3).map((n) => (
            <p key={n}>{t(`home.privacy.p${n}`)}</p>
          ))}
        </section>
      ))}
    </>
  )
}

export function ProbizBody({ frame }: { frame: TenantFrame }) {
  const t = tOf(frame)
  const home = `${frame.ctx.localePrefix}${frame.ctx.tenantBase}` || '/'
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
