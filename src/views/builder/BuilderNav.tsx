// The builder's navigation on a realtor's screens (docs/decisions/049-inbox.md): Dashboard, Inbox with the
// unread count, Editor, Notifications, Domain and Settings, each at /{desiredUrl}/admin/… (or /admin/… on a custom domain).

import { sitePath } from '../../lib/urls'
import type { PageContext } from '../context'

export type BuilderScreen = 'dashboard' | 'inbox' | 'editor' | 'notifications' | 'domain' | 'settings'

export function BuilderNav({ ctx, current, unread }: { ctx: PageContext; current: BuilderScreen; unread: number }) {
  const t = (id: string, values?: Record<string, string | number>) => ctx.intl.formatMessage({ id }, values)
  const base = sitePath(ctx, '/admin')
  const links: [BuilderScreen, string][] = [
    ['dashboard', `${base}/dashboard`],
    ['inbox', `${base}/inbox`],
    ['editor', base],
    ['notifications', `${base}/notifications`],
    ['domain', `${base}/domain`],
    ['settings', `${base}/settings`],
  ]
  return (
    <nav className="builder-nav" aria-label={t('builder.nav.label')} data-testid="builder-nav">
      <ul>
        {links.map(([screen, href]) => (
          <li key={screen}>
            <a href={href} aria-current={screen === current ? 'page' : undefined}>
              {t(`builder.nav.${screen}`)}
              {screen === 'inbox' && unread > 0 ? (
                <span className="builder-nav__count" data-testid="unread-count">
                  <span aria-hidden="true">{unread}</span>
                  <span className="visually-hidden">{t('builder.nav.unread', { count: unread })}</span>
                </span>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
