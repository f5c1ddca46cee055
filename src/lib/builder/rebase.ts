// "Keep my changes" after a save met a newer version (docs/decisions/082-profile-versions.md): the realtor's
// edits made again on the version saved elsewhere. A field the realtor did not touch takes the other
// version's value; one they changed keeps theirs (objects such as seoMeta key by key); photos go photo by
// photo, so a photo either side added stays and none either side removed comes back.
import { PHOTO_PATHS, type Photo } from '../realtors/types'
import type { RealtorDraft } from './form'

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** One value three ways: theirs where mine is the base's; mine where theirs is, or where both changed it. */
function merge(base: unknown, mine: unknown, theirs: unknown): unknown {
  if (same(mine, base)) return theirs
  if (same(theirs, base)) return mine
  if (!isRecord(base) || !isRecord(mine) || !isRecord(theirs)) return mine
  const merged: Record<string, unknown> = {}
  for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine)]))
    merged[key] = merge(base[key], mine[key], theirs[key])
  return merged
}

const photoKey = (photo: Photo) => `${photo.path}\n${photo.imageType}\n${photo.url}`

/**
 * Photos three ways: mine in my order, less those the other version removed (their object may already be
 * gone from storage), then those it added — except in a single slot (portrait, logo, …) that I changed too:
 * a slot holds one photo, and keeping mine is what the realtor chose.
 */
export function rebasePhotos(base: Photo[], mine: Photo[], theirs: Photo[]): Photo[] {
  if (same(mine, base)) return theirs
  if (same(theirs, base)) return mine
  const [inBase, inMine, inTheirs] = [base, mine, theirs].map((photos) => new Set(photos.map(photoKey)))
  const slot = (photos: Photo[], path: Photo['path']) => photos.filter((photo) => photo.path === path)
  const mySlots = new Set(PHOTO_PATHS.filter((path) => path !== 'gallery' && !same(slot(base, path), slot(mine, path))))
  const kept = mine.filter((photo) => !inBase!.has(photoKey(photo)) || inTheirs!.has(photoKey(photo)))
  const added = theirs.filter(
    (photo) => !inBase!.has(photoKey(photo)) && !inMine!.has(photoKey(photo)) && !mySlots.has(photo.path),
  )
  return [...kept, ...added]
}

/** My draft made again on `theirs`: `base` is the version I started from, `mine` what I have now. */
export function rebaseDraft(base: RealtorDraft, mine: RealtorDraft, theirs: RealtorDraft): RealtorDraft {
  const rebased = { ...theirs } as Record<string, unknown>
  for (const key of Object.keys(theirs) as (keyof RealtorDraft)[])
    rebased[key] =
      key === 'photos'
        ? rebasePhotos(base.photos, mine.photos, theirs.photos)
        : merge(base[key], mine[key], theirs[key])
  return rebased as RealtorDraft
}
