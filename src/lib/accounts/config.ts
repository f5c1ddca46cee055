// Secrets of the account system. They come from the environment only: locally from .dev.vars
// (written from .dev.vars.example), in production from `wrangler secret put`. The code carries no
// default, so a deployed bundle holds no development secret (docs/decisions/052); src/lib/config.ts
// refuses to serve outside local mode without SESSION_SECRET or with a published development value.
import { type Bindings, isDevelopmentValue, isLocalMode } from '../config'

type AccountEnv = Pick<Partial<Bindings>, 'SESSION_SECRET' | 'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'ENVIRONMENT'>

/** The HMAC key of sessions and upload URLs, or null when none is configured. */
export function sessionSecret(env: AccountEnv): string | null {
  return env.SESSION_SECRET || null
}

/** The admin account to create on first start, or null when none is configured. */
export function adminCredentials(env: AccountEnv): { email: string; password: string } | null {
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) return null
  return { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
}

/**
 * Whether a sign-in password is refused before any lookup: outside local mode the published demo
 * passwords never work, even for an account a database kept from an earlier, local-configured deploy.
 */
export const isRefusedPassword = (env: AccountEnv, password: string) =>
  !isLocalMode(env) && isDevelopmentValue(password)
