// Who may manage a realtor's homepage (issue 27): the one ownership gate every page, API and rule asks,
// after epic-stack's requireUserWithPermission. Managing is editing the profile, reading the inbox, the
// dashboard and the settings, and seeing the homepage while it is unpublished. Pure: the routes turn a
// `false` into their translated 403 through src/middleware/permissions.ts.
import type { SessionUser } from '../session'
import type { Realtor } from './types'

/** Whoever may be signed in: a session's user, or nobody. */
export type MaybeUser = Pick<SessionUser, 'id' | 'role'> | null | undefined

/** True for an admin account. */
export function isAdmin(user: MaybeUser): boolean {
  return user?.role === 'admin'
}

/**
 * True when `user` may manage `realtor`: an admin manages every realtor; a realtor account manages the
 * one realtor whose `userId` is its own id (a realtor with no account, `userId` null, is managed by
 * admins alone); nobody signed out manages anything.
 */
export function canManage(user: MaybeUser, realtor: Pick<Realtor, 'userId'>): boolean {
  if (!user) return false
  if (user.role === 'admin') return true
  return user.role === 'realtor' && realtor.userId !== null && realtor.userId === user.id
}
