// Monitoring: Sentry through toucan-js when SENTRY_DSN is set, and the browser monitoring settings
// of docs/product.md §9 handed to pages when a client token is configured.
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { Toucan } from 'toucan-js'
import type { AppEnv, Bindings, MonitoringVariables, RequestVariables } from '../env'
import { browserMonitoringConfig } from '../lib/environment'
import { executionContextOf } from './execution-context'

/** Events whose message says a profile is not defined are noise from a third-party script (docs/product.md §8). */
export function shouldDropEvent(event: { message?: string; exception?: { values?: { value?: string }[] } }): boolean {
  const texts = [event.message, ...(event.exception?.values ?? []).map((value) => value.value)]
  return texts.some((text) => typeof text === 'string' && /profile is not defined/i.test(text))
}

export function reportError(c: Context<AppEnv>, error: unknown): void {
  if (!c.env.SENTRY_DSN) return
  const sentry = new Toucan({
    dsn: c.env.SENTRY_DSN,
    environment: c.env.ENVIRONMENT,
    request: c.req.raw,
    context: executionContextOf(c),
    beforeSend: (event) => (shouldDropEvent(event) ? null : event),
  })
  sentry.captureException(error)
}

export const monitoring = () =>
  createMiddleware<{ Bindings: Bindings; Variables: MonitoringVariables & RequestVariables }>(
    async function monitoring(c, next) {
      c.set(
        'monitoring',
        browserMonitoringConfig(c.req.url, {
          clientToken: c.env.MONITORING_CLIENT_TOKEN,
          environment: c.env.ENVIRONMENT,
          hosts: { devHost: c.env.DEV_HOST, prodHost: c.env.PROD_HOST },
        }),
      )
      await next()
    },
  )
