// The handlers of every error (docs/product.md §8): JSON `{ error: { code, message, fields? } }` for
// API paths, the localized error page for everything else. Unexpected errors are reported and never leak details.
import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv } from '../env'
import { ConfigError, logRefusalOnce } from '../lib/config'
import { AppError, INTERNAL_ERROR_MESSAGE, pageNotFound } from '../lib/errors'
import { apiMessage } from '../middleware/api'
import { applyLocale, localeOfRequest } from '../middleware/locale'
import { reportError } from '../middleware/monitoring'
import { pageContext, renderPage } from '../render'
import { ErrorPage } from '../views/ErrorPage'

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

async function respond(c: Context<AppEnv>, error: AppError): Promise<Response> {
  if (answersJson(c)) {
    return c.json(error.toJSON(), error.status)
  }
  if (!c.get('intl')) applyLocale(c, localeOfRequest(c))
  // A gateway error's message describes an upstream for the log and the API, in English: a page says
  // what happened in its own language instead (the error page's title and body).
  const message = error.status === 502 || error.status === 504 ? '' : error.message
  const title =
    message || c.get('intl').formatMessage({ id: error.status === 502 ? 'error.502.title' : 'error.generic.title' })
  const page = <ErrorPage ctx={pageContext(c)} status={error.status} message={message} />
  const head = { title: `${error.status} | ${title}`, description: title, noindex: true }
  try {
    return await renderPage(c, page, { status: error.status, head })
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
