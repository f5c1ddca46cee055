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
import type { AppEnv } from './env'
import { isBot } from './lib/environment'
import { LOCALES, type Locale, localePrefix } from './lib/locale'
import { requestUrl } from './lib/request-url'
import type { PageContext } from './views/context'
import { Document, type HeadProps } from './views/Document'

export interface RenderOptions {
  status?: number
  head: Omit<HeadProps, 'canonical' | 'alternates'> & Partial<Pick<HeadProps, 'canonical' | 'alternates'>>
  bodyStyle?: Record<string, string>
  bodyClassName?: string
  headers?: Record<string, string>
}

/** The site-relative path of this page without its locale prefix, e.g. '/terms' for '/en/terms'. */
export function pathWithoutLocale(c: Context<AppEnv>): string {
  const { pathname } = requestUrl(c.req.raw)
  return pathname.replace(/^\/en(?=\/|$)/, '') || '/'
}

/** Origin used for canonical and hreflang URLs: the tenant's own domain, else the configured one. */
export function canonicalOrigin(c: Context<AppEnv>): string {
  const realtor = c.var.realtor
  if (realtor && c.var.tenantBase === '' && realtor.hompageUrl) return new URL(realtor.hompageUrl).origin
  return new URL(c.env.PUBLIC_ORIGIN).origin
}

function alternatesOf(c: Context<AppEnv>): Record<Locale, string> {
  const origin = canonicalOrigin(c)
  const rest = pathWithoutLocale(c)
  const entries = LOCALES.map((locale) => {
    const path = `${localePrefix(locale)}${rest === '/' && locale !== 'ko' ? '' : rest}`
    return [locale, `${origin}${path || '/'}`] as const
  })
  return Object.fromEntries(entries) as Record<Locale, string>
}

export function pageContext(c: Context<AppEnv>): PageContext {
  const locale = c.var.locale
  const rest = pathWithoutLocale(c)
  return {
    locale,
    intl: c.var.intl,
    localePrefix: c.var.localePrefix,
    tenantBase: c.var.tenantBase ?? '',
    switcher: {
      label: c.var.intl.formatMessage({ id: 'nav.language' }),
      current: { code: locale, name: c.var.intl.formatMessage({ id: `locale.${locale}` }) },
      others: LOCALES.filter((other) => other !== locale).map((other) => ({
        code: other,
        name: c.var.intl.formatMessage({ id: `locale.${other}` }),
        href: `${localePrefix(other)}${rest === '/' && other !== 'ko' ? '' : rest}?locale=${other}`,
      })),
    },
  }
}

export async function renderPage(c: Context<AppEnv>, page: ReactElement, options: RenderOptions): Promise<Response> {
  const alternates = options.head.alternates ?? alternatesOf(c)
  const head: HeadProps = { ...options.head, alternates, canonical: options.head.canonical ?? alternates[c.var.locale] }
  const document = (
    <Document
      locale={c.var.locale}
      head={head}
      bodyStyle={options.bodyStyle}
      bodyClassName={options.bodyClassName}
      monitoring={c.var.monitoring}
    >
      {page}
    </Document>
  )
  let shellReady = false
  const stream = await renderToReadableStream(document, {
    // A cached page is shared: no nonce, and it renders completely (no streamed inline scripts).
    nonce: c.var.cacheable ? undefined : c.var.secureHeadersNonce,
    onError(error) {
      // A shell error also rejects renderToReadableStream, and app.onError renders the 500 page;
      // later errors are recovered by the nearest Suspense boundary and only logged.
      console.error(shellReady ? '[render] error after the shell' : '[render] error while rendering', error)
    },
  })
  shellReady = true
  const init = {
    status: options.status ?? 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...options.headers },
  }
  if (!c.var.cacheable && !isBot(c.req.header('user-agent'))) return new Response(stream, init)
  // A complete page is read into one buffer and sent in one piece: cheaper than passing React's
  // chunks on one by one, and nothing is gained by streaming what is already whole.
  await stream.allReady
  return new Response(await new Response(stream).arrayBuffer(), init)
}
