// The error page (docs/product.md §2, §8): status code, a heading and a few words in the page's language,
// and the message; the spec's own messages are English on every page and marked so.
import { isSpecMessage } from '../lib/errors'
import { localeHome } from '../lib/locale'
import type { PageContext } from './context'
import { Layout } from './Layout'

/** The message ids of an error's title and body in the page's language: the status's own, or the generic ones. */
export function errorTextIds(status: number): { title: string; body: string } {
  const known = [400, 404, 429, 500, 502].includes(status) ? status : 'generic'
  return { title: `error.${known}.title`, body: `error.${known}.body` }
}

export function ErrorPage({ ctx, status, message }: { ctx: PageContext; status: number; message: string }) {
  const ids = errorTextIds(status)
  return (
    <Layout ctx={ctx}>
      <section className="page error-page" data-status={status}>
        <p className="error-page__status">{status}</p>
        <h1 className="page__title">{ctx.intl.formatMessage({ id: ids.title })}</h1>
        <p className="error-page__body">{ctx.intl.formatMessage({ id: ids.body })}</p>
        {message ? (
          <p className="error-page__message" lang={isSpecMessage(message) ? 'en' : undefined}>
            {message}
          </p>
        ) : null}
        <p>
          <a className="button" href={localeHome(ctx.localePrefix)}>
            {ctx.intl.formatMessage({ id: 'error.back' })}
          </a>
        </p>
      </section>
    </Layout>
  )
}
