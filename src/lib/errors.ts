// The error shapes of the product (docs/product.md §8): one JSON shape for APIs, the spec's texts for pages.
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export interface FieldError {
  path: string
  message: string
}

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: FieldError[] }
}

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  412: 'precondition_failed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
  504: 'gateway_timeout',
}

/** An error with a status, a safe message for the client and, for validation, field messages. */
export class AppError extends HTTPException {
  readonly code: string
  readonly fields: FieldError[] | undefined

  constructor(
    status: ContentfulStatusCode,
    message: string,
    opts: { code?: string; fields?: FieldError[]; cause?: unknown } = {},
  ) {
    super(status, { message, cause: opts.cause })
    this.code = opts.code ?? CODES[status] ?? 'error'
    this.fields = opts.fields
  }

  toJSON(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } }
  }
}

/** A route with no match: 404 "Page not found: {path}". */
export const pageNotFound = (path: string) => new AppError(404, `Page not found: ${path}`)
/** A route whose parameters fail validation (e.g. a desiredUrl with a digit): 404 "Page Not Found: {path}". */
export const routeValidationFailed = (path: string) =>
  new AppError(404, `Page Not Found: ${path}`, { code: 'route_validation' })
export const INTERNAL_ERROR_MESSAGE = 'Internal Server Error'

/**
 * Whether a page's error message is one of the spec's own texts (docs/product.md §8), which stay in
 * English on every page; everything else a visitor reads comes from the catalogue.
 */
export function isSpecMessage(message: string): boolean {
  return (
    message === INTERNAL_ERROR_MESSAGE ||
    message.startsWith('Page not found: ') ||
    message.startsWith('Page Not Found: ')
  )
}
