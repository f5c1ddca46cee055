// Whether a realtor's homepage is public (issue 17, docs/decisions/043-publishing.md): `isMakeHomepage` is
// the publish switch. One rule for every place that shows a homepage to the public — the tenant pages,
// their robots/sitemap, the provider sitemap, the landing carousel and the public realtor API.
import { canManage, type MaybeUser } from './permissions'
import type { Realtor } from './types'

/** The SQL condition the stores use for the same rule (the profile is one JSON document). */
export const PUBLISHED_SQL = "json_extract(r.profile, '$.isMakeHomepage') = 'Y'"

/** True when anyone may see the homepage; a new account starts unpublished (REALTOR_DEFAULTS). */
export function isPublished(realtor: Pick<Realtor, 'isMakeHomepage'>): boolean {
  return realtor.isMakeHomepage === 'Y'
}

/** Who may see the homepage now: everyone when it is published, else whoever may manage it (canManage). */
export function isVisibleTo(user: MaybeUser, realtor: Pick<Realtor, 'isMakeHomepage' | 'userId'>): boolean {
  return isPublished(realtor) || canManage(user, realtor)
}
