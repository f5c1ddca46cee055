// Every call the browser makes to the worker: same-origin, the session cookie does the authentication,
// every call has a deadline, and every failure becomes the server's message or the caller's own.

export interface ApiFailure {
  ok: false
  status: number
  message: string
  fields: { path: string; message: string }[]
}
/** A success; `headers` are the answer's (an ETag a next write names in If-Match), absent for an upload. */
export type ApiResult<T> = { ok: true; status: number; data: T; headers?: Headers } | ApiFailure

const TIMEOUT_MS = 20_000

/** The message and field errors of an API error body (`{ error: { message, fields } }`). */
export function failureOf(status: number, body: unknown, fallback: string): ApiFailure {
  const error = (body as { error?: { message?: unknown; fields?: unknown } } | null)?.error
  const message = typeof error?.message === 'string' && error.message ? error.message : fallback
  const fields = Array.isArray(error?.fields)
    ? error.fields.filter(
        (field): field is { path: string; message: string } =>
          typeof field?.path === 'string' && typeof field?.message === 'string',
      )
    : []
  return { ok: false, status, message, fields }
}

export interface ApiRequest {
  method?: string
  json?: unknown
  body?: BodyInit
  /** The page's language, for the server's messages when the visitor has no language cookie yet. */
  language?: string
  /** Preconditions of a write (If-Match: the version it was made on, decision 082). */
  headers?: Record<string, string>
  /** The request may outlive the page (an analytics event sent while the visitor leaves). */
  keepalive?: boolean
}

/**
 * A JSON call (a GET unless `init` says otherwise); `T` is the body of a successful answer.
 * `networkMessage` is the failure when the server cannot be reached, in the page's language (an island's
 * common.networkError message); only a keepalive call, whose answer nobody reads (src/client/analytics.ts), has none.
 */
export function api<T>(path: string, init: ApiRequest & { keepalive: true }): Promise<ApiResult<T>>
export function api<T>(path: string, init: ApiRequest, networkMessage: string): Promise<ApiResult<T>>
export async function api<T>(path: string, init: ApiRequest, networkMessage = ''): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...init.headers, accept: 'application/json' }
  if (init.json !== undefined) headers['content-type'] = 'application/json'
  if (init.language) headers['accept-language'] = init.language
  let response: Response
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers,
      body: init.json === undefined ? init.body : JSON.stringify(init.json),
      keepalive: init.keepalive,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch {
    return { ok: false, status: 0, message: networkMessage, fields: [] }
  }
  const body = await response.json().catch(() => null)
  if (!response.ok) return failureOf(response.status, body, `${response.status} ${response.statusText}`)
  return { ok: true, status: response.status, data: body as T, headers: response.headers }
}

/** PUT a file to a signed upload URL, reporting progress (fetch has no upload progress). */
export function uploadWithProgress(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: (fraction: number) => void,
  networkMessage: string,
): Promise<ApiResult<{ url: string }>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', url)
    xhr.setRequestHeader('content-type', contentType)
    xhr.timeout = 120_000
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      let body: unknown = null
      try {
        body = JSON.parse(xhr.responseText)
      } catch {}
      if (xhr.status === 200) {
        onProgress(1)
        resolve({ ok: true, status: 200, data: { url: url.split('?')[0]! } })
      } else resolve(failureOf(xhr.status, body, `${xhr.status} ${xhr.statusText}`))
    }
    xhr.onerror = xhr.ontimeout = () => resolve({ ok: false, status: 0, message: networkMessage, fields: [] })
    xhr.send(file)
  })
}
