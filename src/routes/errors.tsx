// The handlers of every error (docs/product.md §8): JSON `{ error: { code, message, fields? } }` for
// API paths, the localized error page for everything else. Unexpected errors are reported and never leak details.
import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv, TenantEnv } from '../env'
import { isBuilderPath } from '../lib/builder/paths'
import { ConfigError, logRefusalOnce } from '../lib/config'
import { AppError, INTERNAL_ERROR_MESSAGE, pageNotFound } from '../lib/errors'
import { isVisibleTo } from '../lib/realtors/publish'
import { apiMessage } from '../middleware/api'
import { applyLocale, localeOfRequest } from '../middleware/locale'
import { reportError } from '../middleware/monitoring'
import { pageContext, renderPage, renderTenantPage } from '../render'
import { ErrorPage, errorTextIds } from '../views/ErrorPage'
import { TenantErrorPage } from '../views/home/TenantErrorPage'

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error
  if (error instanceof HTTPException)
    return new AppError(error.status as AppError['status'], error.message || INTERNAL_ERROR_MESSAGE)
  return new AppError(500, INTERNAL_ERROR_MESSAGE, { cause: error })
}

const answersJson = (c: Context<AppEnv>) => c.get('site').api || c.req.method !== 'GET'

/**
 * A worker that refuses to serve for its configuration (src/lib/config.ts) says which variables are
 * at fault, never their values or a stack, on every request; the log gets the full problems once per
 * isolate, not once per request.
 */
function configAppError(c: Context<AppEnv>, error: ConfigError): AppError {
  logRefusalOnce(error)
  const values = { variables: error.variables.join(', ') }
  if (answersJson(c)) return new AppError(500, apiMessage(c, 'config.invalid', values), { code: 'config_invalid' })
  if (!c.get('intl')) applyLocale(c, localeOfRequest(c))
  return new AppError(500, c.get('intl').formatMessage({ id: 'config.invalid' }, values), { code: 'config_invalid' })
}

/**
 * Whether a page that is not there belongs in a realtor's frame (decision 103): a 404 under a live realtor's
 * address or on their domain, outside the builder (the provider's pages), on a homepage this visitor may see (an
 * unpublished one answers its visitors "coming soon" before any route).
 */
function inRealtorFrame(c: Context<AppEnv>, status: number): boolean {
  const realtor = c.get('realtor')
  return (
    status === 404 &&
    realtor !== null &&
    !realtor.deletedAt &&
    !isBuilderPath(c.get('site').pagePath) &&
    isVisibleTo(c.get('user'), realtor)
  )
}

async function respond(c: Context<AppEnv>, error: AppError): Promise<Response> {
  if (answersJson(c)) {
    return c.json(error.toJSON(), error.status)
  }
  if (!c.get('intl')) applyLocale(c, localeOfRequest(c))
  // An error page is nobody's to share: rendered for this request, never kept by a page cache (the route that
  // failed may have marked its page shareable), and it counts no view.
  c.set('cacheable', false)
  // A gateway error's message describes an upstream for the log and the API, in English: a page says
  // what happened in its own language instead. The spec's texts (docs/product.md §8) stay in the body; the
  // title is the status's own in the page's language, on every error page.
  const message = error.status === 502 || error.status === 504 ? '' : error.message
  const title = `${error.status} | ${c.get('intl').formatMessage({ id: errorTextIds(error.status).title })}`
  try {
    if (inRealtorFrame(c, error.status)) {
      const page = (frame: Parameters<typeof TenantErrorPage>[0]['frame']) => (
        <TenantErrorPage frame={frame} status={error.status} message={message} />
      )
      // The realtor is set and live (inRealtorFrame): the context is a tenant's.
      const tenant = c as unknown as Context<TenantEnv>
      return await renderTenantPage(tenant, page, title, { noindex: true, status: error.status })
    }
    const page = <ErrorPage ctx={pageContext(c)} status={error.status} message={message} />
    return await renderPage(c, page, { status: error.status, head: { title, description: title, noindex: true } })
  } catch (renderError) {
    console.error('[errors] the error page failed to render', renderError)
    return c.text(`${error.status} ${error.message}`, error.status)
  }
}

export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof ConfigError) return respond(c, configAppError(c, error))
  const appError = toAppError(error)
  if (appError.status >= 500) {
    console.error('[error]', c.req.method, new URL(c.req.url).pathname, error)
    reportError(c, error)
  }
  return respond(c, appError)
}

export const handleNotFound: NotFoundHandler<AppEnv> = (c) => respond(c, pageNotFound(new URL(c.req.url).pathname))
