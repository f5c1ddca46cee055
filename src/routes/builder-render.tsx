// How every builder page is rendered (src/routes/builder.tsx, src/routes/inbox.tsx): titled by a message,
// never cached (each depends on who is signed in), and only the provider's sign-in page indexable.
import type { Context } from 'hono'
import type { ReactElement } from 'react'
import type { AppEnv } from '../env'
import { pageContext, renderPage } from '../render'
import type { PageContext } from '../views/context'

const NO_STORE = { 'Cache-Control': 'no-store' }

/** Renders a builder page titled by a message; only the provider's sign-in page is indexable. */
export function render(
  c: Context<AppEnv>,
  titleId: string,
  body: (ctx: PageContext, title: string) => ReactElement,
  { values = {}, indexable = false }: { values?: Record<string, string>; indexable?: boolean } = {},
) {
  const ctx = pageContext(c)
  const title = ctx.intl.formatMessage({ id: titleId }, values)
  const brand = c.get('realtor')?.name ?? ctx.intl.formatMessage({ id: 'brand.name' })
  return renderPage(c, body(ctx, title), {
    head: { title: `${title} | ${brand}`, description: title, noindex: !indexable },
    headers: NO_STORE,
  })
}

export const loginHrefOf = (c: Context<AppEnv>) => `${c.get('localePrefix')}${c.get('tenantBase')}/login`
