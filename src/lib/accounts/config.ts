// Secrets of the account system, with the fixed local defaults of a fresh clone (ENVIRONMENT=local
// only; production never has a default, src/lib/config.ts refuses to start without SESSION_SECRET).
import type { Bindings } from '../config'

export const LOCAL_SESSION_SECRET = 'local-development-session-secret-not-for-production'
export const LOCAL_ADMIN = { email: 'admin@realtor.local', password: 'realtor-admin-2026' } as const

type AccountEnv = Pick<Partial<Bindings>, 'SESSION_SECRET' | 'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'ENVIRONMENT'>

/** The HMAC key of sessions and upload URLs, or null when none is configured. */
export function sessionSecret(env: AccountEnv): string | null {
  if (env.SESSION_SECRET) return env.SESSION_SECRET
  return env.ENVIRONMENT === 'local' ? LOCAL_SESSION_SECRET : null
}

/** The admin account to create on first start, or null when none is configured. */
export function adminCredentials(env: AccountEnv): { email: string; password: string } | null {
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) return { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
  return env.ENVIRONMENT === 'local' ? LOCAL_ADMIN : null
}
