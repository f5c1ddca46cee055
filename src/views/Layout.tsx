// The site frame: skip link, header with logo, the "Built for Realtors" label and language
// switcher, the page, and the footer.
import type { ReactNode } from 'react'
import LanguageSwitcher from '../client/islands/LanguageSwitcher'
import { localeHome } from '../lib/locale'
import type { PageContext } from './context'
import { Island } from './Island'

/**
 * The way in for realtors (issue 31): how the service works (/process) and sign-in, in the page's language.
 * `label` names the landmark: the header's and the footer's must differ.
 */
function RealtorLinks({ ctx, className, label }: { ctx: PageContext; className: string; label: string }) {
  const t = (id: string) => ctx.intl.formatMessage({ id })
  return (
    <nav className={className} aria-label={t(label)}>
      <a className={`${className}-process`} href={`${ctx.localePrefix}/process`}>
        {t('nav.howItWorks')}
      </a>
      <a className={`${className}-sign-in`} href={`${ctx.localePrefix}/login`}>
        {t('nav.signIn')}
      </a>
    </nav>
  )
}

/**
 * `compactOnScroll`: the header turns dark and compact once the page scrolls (src/client/page-effects.ts).
 * `realtorLinks`: "how it works" and sign-in, on the landing page.
 */
export function SiteHeader({
  ctx,
  compactOnScroll = false,
  realtorLinks = false,
}: {
  ctx: PageContext
  compactOnScroll?: boolean
  realtorLinks?: boolean
}) {
  const { intl } = ctx
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a top-level header is the banner landmark, named apart from the preview frame's
    <header
      className={compactOnScroll ? 'site-header site-header--fixed' : 'site-header'}
      aria-label={intl.formatMessage({ id: 'brand.name' })}
      data-site-header
      data-compact-on-scroll={compactOnScroll ? '' : undefined}
    >
      <a className="site-header__brand" href={localeHome(ctx.localePrefix)}>
        <Logo />
        <span className="site-header__name">{intl.formatMessage({ id: 'brand.name' })}</span>
      </a>
      <span className="site-header__label">{intl.formatMessage({ id: 'brand.tagline' })}</span>
      {realtorLinks ? <RealtorLinks ctx={ctx} className="site-header__nav" label="nav.account" /> : null}
      <Island name="LanguageSwitcher" component={LanguageSwitcher} props={ctx.switcher} hydrate="interaction" />
    </header>
  )
}

export function Logo() {
  return (
    <svg className="logo" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M8 17.5 16 10l8 7.5V24a1 1 0 0 1-1 1h-4.5v-5h-5v5H9a1 1 0 0 1-1-1z" fill="#fff" />
    </svg>
  )
}

export function SiteFooter({
  ctx,
  realtorLinks = false,
  children,
}: {
  ctx: PageContext
  realtorLinks?: boolean
  children?: ReactNode
}) {
  const { intl } = ctx
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a top-level footer is the contentinfo landmark, named apart from the preview frame's
    <footer className="site-footer" aria-label={intl.formatMessage({ id: 'brand.name' })}>
      {children}
      {realtorLinks ? <RealtorLinks ctx={ctx} className="site-footer__realtors" label="footer.realtors" /> : null}
      <nav aria-label={intl.formatMessage({ id: 'footer.legal' })}>
        <a href={`${ctx.localePrefix}/terms`}>{intl.formatMessage({ id: 'footer.terms' })}</a>
        <a href={`${ctx.localePrefix}/terms/privacy#${ctx.locale}`}>{intl.formatMessage({ id: 'footer.privacy' })}</a>
      </nav>
      <p>{intl.formatMessage({ id: 'footer.rights' }, { year: new Date().getFullYear() })}</p>
    </footer>
  )
}

/**
 * `mainLabel` names the page's main landmark: a builder screen holds the homepage preview in a frame,
 * whose own banner, main and footer would otherwise be indistinguishable from the screen's.
 */
export function Layout({ ctx, mainLabel, children }: { ctx: PageContext; mainLabel?: string; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        {ctx.intl.formatMessage({ id: 'nav.skipToContent' })}
      </a>
      <SiteHeader ctx={ctx} />
      <main id="main" className="site-main" aria-label={mainLabel}>
        {children}
      </main>
      <SiteFooter ctx={ctx} />
    </>
  )
}
