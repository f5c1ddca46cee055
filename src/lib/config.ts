// Checks the worker's configuration once per isolate, so a bad variable fails loudly by name
// instead of surfacing as a strange page later.
import type { Bindings } from '../env'

const OPTIONAL_ORIGINS = [
  'REALTOR_API_ORIGIN',
  'LISTINGS_API_ORIGIN',
  'SLACK_WEBHOOK_URL',
  'CONTACT_WEBHOOK_URL',
  'ANALYTICS_ENDPOINT',
] as const

function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** An http(s) origin: scheme, host and optional port, nothing after but an optional slash. */
function isOrigin(value: string): boolean {
  return isAbsoluteHttpUrl(value) && new URL(value).origin === value.replace(/\/$/, '')
}

/** Problems with the configuration, each naming the variable; empty when it is fine. */
export function configProblems(env: Partial<Bindings>): string[] {
  const problems: string[] = []
  if (!env.PROVIDER_HOSTS?.trim()) problems.push('PROVIDER_HOSTS must list at least one host')
  if (!env.PUBLIC_ORIGIN || !isAbsoluteHttpUrl(env.PUBLIC_ORIGIN))
    problems.push('PUBLIC_ORIGIN must be an absolute http(s) URL')
  for (const name of OPTIONAL_ORIGINS) {
    const value = env[name]
    if (value && !isAbsoluteHttpUrl(value)) problems.push(`${name} must be an absolute http(s) URL`)
  }
  const origins = (env.API_ALLOWED_ORIGINS ?? '').split(',').map((entry) => entry.trim())
  if (origins.some((origin) => origin && !isOrigin(origin)))
    problems.push('API_ALLOWED_ORIGINS must list origins like https://admin.example.com, comma separated')
  if (env.UPSTREAM_TIMEOUT_MS && !/^\d{2,6}$/.test(env.UPSTREAM_TIMEOUT_MS))
    problems.push('UPSTREAM_TIMEOUT_MS must be a number of milliseconds')
  if (env.ENVIRONMENT === 'production' && !env.SESSION_SECRET) problems.push('SESSION_SECRET must be set in production')
  return problems
}

const checked = new WeakSet<object>()

/** Throws once per env object when the configuration is invalid. */
export function assertConfig(env: Partial<Bindings>): void {
  if (checked.has(env)) return
  const problems = configProblems(env)
  if (problems.length > 0) throw new Error(`Invalid worker configuration: ${problems.join('; ')}`)
  checked.add(env)
}
