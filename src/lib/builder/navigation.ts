// Where the builder sends a user: the `next` parameter when it is a path on this site, else the
// user's own place (admin console or own editor). Never an open redirect.
import type { SessionUser } from '../session'

/** A same-site path (starts with one '/', no scheme, no '//' or '/\' authority trick), else null. */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2048 || !next.startsWith('/')) return null
  if (next.startsWith('//') || next.startsWith('/\\')) return null
  if ([...next].some((ch) => ch.charCodeAt(0) < 0x20)) return null
  return next
}

/** After sign-in: `next`, else the admin console for admins, the own editor for realtors. */
export function homeOfUser(
  user: Pick<SessionUser, 'role'> & { desiredUrl?: string | null },
  localePrefix: string,
): string {
  if (user.role === 'realtor' && user.desiredUrl) return `${localePrefix}/${user.desiredUrl}/admin`
  return `${localePrefix}/admin`
}

export function destinationAfterSignIn(
  next: string | null | undefined,
  user: Pick<SessionUser, 'role'> & { desiredUrl?: string | null },
  localePrefix: string,
): string {
  return safeNextPath(next) ?? homeOfUser(user, localePrefix)
}
