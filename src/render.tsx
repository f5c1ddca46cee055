// Turns a React page into a streamed HTML response (React's renderToReadableStream). Data is loaded
// before rendering, so the status is known before the shell: an error before the shell becomes the
// 500 page; after the shell it is logged and the stream closed cleanly. Bots wait for allReady.
import type { Context } from 'hono'
import type { ReactElement } from 'react'
// React's Node build of renderToReadableStream (web streams, run on the Workers runtime's node
// compatibility): the edge build encodes every attribute and text piece into its own Uint8Array as it
// renders, the Node build writes strings into one 4 KB buffer, and a tenant home costs ~1.8 ms of CPU
// instead of ~2.5 (docs/decisions/005-data-cache-and-benchmark-topology.md).
import { renderToReadableStream } from 'react-dom/server.node'
import type { AppEnv, TenantEnv } from './env'
import { sessionSecret } from './lib/accounts/config'
import { isBot } from './lib/environment'
import { displayNameOf } from './lib/home/profile'
import { messagesOf } from './lib/island-messages'
import { LANGUAGE_SWITCHER_MESSAGES } from './lib/language-switcher-messages'
import { LOCALES, localizedPath } from './lib/locale'
import { pageProofOf } from './lib/page-views/proof'
import { isPublished } from './lib/realtors/publish'
import { renderToBuffer } from './lib/render-to-buffer'
import { pageUrls, sitePath } from './lib/urls'
import { AppLinks } from './views/builder/AppLinks'
import { BuilderNav, type BuilderScreen } from './views/builder/BuilderNav'
import type { PageContext } from './views/context'
import { Document, type HeadProps, type PageView } from './views/Document'
import { type PageHead, tenantDocument } from './views/home/TenantHead'
import { frameOf, type TenantFrame } from './views/home/TenantLayout'
import { UnpublishedBar } from './views/home/Unpublished'

export interface RenderOptions {
  status?: number
  head: Omit<HeadProps, 'canonical' | 'alternates'> & Partial<Pick<HeadProps, 'canonical' | 'alternates'>>
  bodyStyle?: Record<string, string>
  bodyClassName?: string
  headers?: Record<string, string>
  /** The realtor whose homepage view the page's beacon counts, with its proof (decisions 071, 077). */
  pageView?: PageView
}

export function pageContext<E extends AppEnv>(c: Context<E>): PageContext {
  const locale = c.get('locale')
  const intl = c.get('intl')
  const { rest } = c.get('site')
  return {
    locale,
    intl,
    localePrefix: c.get('localePrefix'),
    tenantBase: c.get('tenantBase') ?? '',
    timeZone: c.get('timeZone'),
    switcher: {
      messages: messagesOf(locale, LANGUAGE_SWITCHER_MESSAGES),
      current: locale,
      others: LOCALES.filter((other) => other !== locale).map((other) => ({
        code: other,
        href: `${localizedPath(other, rest)}?locale=${other}`,
      })),
    },
  }
}

export async function renderPage<E extends AppEnv>(
  c: Context<E>,
  page: ReactElement,
  options: RenderOptions,
): Promise<Response> {
  const alternates = options.head.alternates ?? pageUrls(c.get('realtor'), c.env.PUBLIC_ORIGIN, c.get('site').pagePath)
  const head: HeadProps = {
    ...options.head,
    alternates,
    canonical: options.head.canonical ?? alternates[c.get('locale')],
  }
  const document = (
    <Document
      locale={c.get('locale')}
      head={head}
      bodyStyle={options.bodyStyle}
      bodyClassName={options.bodyClassName}
      pageView={options.pageView}
      monitoring={c.get('monitoring')}
    >
      {page}
    </Document>
  )
  const init = {
    status: options.status ?? 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...options.headers },
  }
  // A cached page is shared: no nonce, and it renders completely (no streamed inline scripts).
  const nonce = c.get('cacheable') ? undefined : c.get('secureHeadersNonce')
  if (c.get('cacheable') || isBot(c.req.header('user-agent'))) {
    return new Response(await renderToBuffer(document, { nonce }), init)
  }
  let shellReady = false
  const stream = await renderToReadableStream(document, {
    nonce,
    onError(error) {
      // A shell error also rejects renderToReadableStream, and app.onError renders the 500 page;
      // later errors are recovered by the nearest Suspense boundary and only logged.
      console.error(shellReady ? '[render] error after the shell' : '[render] error while rendering', error)
    },
  })
  shellReady = true
  return new Response(stream, init)
}

/**
 * A page of a realtor's site in its frame and head: every tenant page, and the editor's preview of the
 * home (`preview`: the draft as visitors will get it, without the owner's "not published" bar).
 * `countView`: a public page whose views count; it carries the beacon's mark once the homepage is published.
 */
export async function renderTenantPage(
  c: Context<TenantEnv>,
  body: (frame: TenantFrame) => ReactElement,
  pageTitle?: string,
  {
    noindex = false,
    preview = false,
    countView = false,
    page,
    query = '',
    status,
  }: {
    noindex?: boolean
    preview?: boolean
    countView?: boolean
    page?: PageHead
    query?: string
    status?: number
  } = {},
): Promise<Response> {
  const realtor = c.get('realtor')
  // Only the owner and admins get this far on an unpublished homepage (the publish switch in
  // src/routes/tenant.tsx); they see the page under a bar that says so, right after the skip link.
  const hidden = !isPublished(realtor)
  const framed = frameOf(pageContext(c), realtor)
  // A signed-in buyer's page is theirs (never cached: src/middleware/buyer-session.ts): their link and hearts.
  const buyer = c.get('buyer') ?? null
  const shown = buyer && !preview ? { ...framed, buyer, savedHomes: c.get('savedHomes') } : framed
  const frame =
    hidden && !preview
      ? { ...shown, notice: <UnpublishedBar ctx={shown.ctx} editorHref={sitePath(shown.ctx, '/admin')} /> }
      : shown
  // A page whose address has a query (a search) is canonical with it: each search is its own page.
  const path = pageUrls(frame.realtor, c.env.PUBLIC_ORIGIN, c.get('site').pagePath)
  const urls = query ? { ko: `${path.ko}${query}`, en: `${path.en}${query}` } : path
  const document = tenantDocument(frame, urls, pageTitle, page)
  return renderPage(c, body(frame), {
    ...document,
    status,
    head: { ...document.head, noindex: noindex || hidden || document.head.noindex },
    pageView: countView && !hidden && !preview ? await pageViewOf(c, frame.realtor.id) : undefined,
  })
}

/**
 * The beacon's mark of a realtor's public page: their id and the proof that this site showed it
 * (docs/decisions/077-views-proved-by-the-page.md). None without a secret to sign with.
 */
async function pageViewOf(c: Context<TenantEnv>, realtorId: number): Promise<PageView | undefined> {
  const proof = await pageProofOf(sessionSecret(c.env), realtorId, c.get('site'))
  return proof ? { realtorId, proof } : undefined
}

const NO_STORE = { 'Cache-Control': 'no-store' }

/**
 * A builder page (sign-in, agreement, console, editor, settings, inbox…) titled by a message: never
 * cached, as each depends on who is signed in, and only the provider's sign-in page indexable.
 */
export function renderBuilderPage<E extends AppEnv>(
  c: Context<E>,
  titleId: string,
  body: (ctx: PageContext, title: string) => ReactElement,
  { values = {}, indexable = false }: { values?: Record<string, string>; indexable?: boolean } = {},
): Promise<Response> {
  const ctx = pageContext(c)
  const title = ctx.intl.formatMessage({ id: titleId }, values)
  const realtor = c.get('realtor')
  const brand = realtor ? displayNameOf(realtor, ctx.locale) : ctx.intl.formatMessage({ id: 'brand.name' })
  return renderPage(c, body(ctx, title), {
    // The builder is an installable app; its manifest is linked from its own pages only.
    head: {
      title: `${title} | ${brand}`,
      description: title,
      noindex: !indexable,
      extra: <AppLinks locale={ctx.locale} />,
    },
    headers: NO_STORE,
  })
}

/** The sign-in page of the site the request is on. */
export const loginHrefOf = (c: Context<AppEnv>) => sitePath(c.var, '/login')

/** The navigation of a realtor's builder screens, with the realtor's unread count (the route reads it: unreadContacts). */
export function builderNav<E extends AppEnv>(c: Context<E>, current: BuilderScreen, unread: number): ReactElement {
  return <BuilderNav ctx={pageContext(c)} current={current} unread={unread} />
}
