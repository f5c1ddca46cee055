// Test helpers: requests against the worker with the test environment's bindings.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { checkFreshnessWhenDue } from '../src/lib/cache'
import { tagLogOf } from '../src/lib/generations/store'
import worker, { type AppOptions, createApp } from '../src/worker'

export const ORIGIN = 'http://127.0.0.1:8787'

type Fetchable = Pick<ReturnType<typeof createApp>, 'request' | 'fetch'>

/**
 * The app's answer to a request, given an execution context as the runtime gives one, and read once its
 * waitUntil work is done too (a contact's or lead's first delivery attempt runs there: decision 069).
 */
export async function settled(
  app: { fetch(request: Request, bindings: typeof env, ctx: ExecutionContext): Response | Promise<Response> },
  input: string | Request,
  init?: RequestInit,
  bindings: Partial<typeof env> = env,
): Promise<Response> {
  const ctx = createExecutionContext()
  const response = await app.fetch(new Request(input, init), bindings as typeof env, ctx)
  await waitOnExecutionContext(ctx)
  return response
}

/** GET (or any method) against the worker; paths are resolved against the provider origin. */
export async function call(
  path: string,
  init: RequestInit & { host?: string; app?: Fetchable } = {},
): Promise<Response> {
  const { host, app, ...rest } = init
  const url = path.startsWith('http') ? path : `${ORIGIN}${path}`
  const headers = new Headers(rest.headers)
  headers.set('host', host ?? new URL(url).host)
  // The app given, or the deployed entry point, page cache included.
  return settled(app ?? worker, url, { redirect: 'manual', ...rest, headers })
}

/**
 * Makes sure the worker's isolate has had its first answer from the tag log, as a long-running isolate has:
 * that answer empties the isolate's caches (src/lib/cache.ts), so a page rendered while it comes is not kept.
 * A test that expects its second request to be a cache hit starts with this.
 */
export async function tagLogAsked(): Promise<void> {
  const ctx = createExecutionContext()
  checkFreshnessWhenDue(tagLogOf(env), (promise) => ctx.waitUntil(promise))
  await waitOnExecutionContext(ctx)
}

export function appWith(options: AppOptions): Fetchable {
  return createApp(options)
}

/** The text of the first <h1>. */
export function heading(html: string): string | undefined {
  return /<h1[^>]*>([\s\S]*?)<\/h1>/
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .trim()
}

export const SECURITY_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
] as const

export function expectSecureHeaders(
  response: Response,
  expect: (v: unknown) => { toBeTruthy(): void; toMatch(r: RegExp): void; not: { toMatch(r: RegExp): void } },
): void {
  for (const name of SECURITY_HEADERS) expect(response.headers.get(name)).toBeTruthy()
  const csp = response.headers.get('content-security-policy') ?? ''
  expect(csp).toMatch(/frame-ancestors 'self'/)
  // Per-request pages carry a nonce; shared (cached) pages have no inline script and no nonce.
  expect(csp).toMatch(/script-src 'self'( 'nonce-[A-Za-z0-9+/=]+')?;/)
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
  expect(response.headers.get('x-content-type-options')).toMatch(/^nosniff$/)
}

/**
 * Time passes for the outbox: every pending delivery's retry delay is over (src/lib/outbox/retry.ts). For
 * tests about what a cron pass sends, not about when.
 */
export async function retriesFallDue(): Promise<void> {
  await env.DB.prepare("UPDATE deliveries SET next_attempt_at = NULL WHERE status = 'pending'").run()
}
