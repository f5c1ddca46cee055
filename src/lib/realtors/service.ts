// Every realtor write goes through here, so what shows a realtor is purged in one place (the `onWrite`
// hook: the page and data caches' tags, src/lib/cache.ts), and the photos a save or an import dropped
// are released in one place (the `onPhotos` hook: src/lib/photos/release.ts). A save or an import applies
// to the version of the profile it was made from, or is made again on the newer one (decision 082).
import type { NewAccount } from '../accounts/store'
import { edgeCacheOf, purgeTags, realtorTags } from '../cache'
import { dataCache } from '../data-cache'
import { type TagLogBindings, tagLogOf } from '../generations/store'
import { pageCache } from '../page-cache'
import { isForeignPhotoUrl } from '../photos/keys'
import { releaseAbandonedUploads, releasePhotos } from '../photos/release'
import * as z from '../zod'
import { type PublishRequirement, publishRefusal } from './compliance'
import { d1Store, type RealtorRepository, type VersionedRealtor } from './d1-store'
import { type RealtorInput, type RealtorPatch, realtorCreateSchema } from './schema'
import type { Realtor } from './types'

export type WriteHook = (realtorId: number) => Promise<void>
/** After a save or an import: the profile as written and the photo URLs the write took off it. */
export type PhotosHook = (realtor: Realtor, dropped: string[]) => Promise<void>

/**
 * Refuses a write that adds a photo of another realtor's uploads (decision 080): a ZodError on each such
 * photo's url, which the routes answer as a 400 naming it. A realtor's writes reference only keys under
 * their own prefix; a new homepage (`realtorId` null) has no uploads yet. A URL the stored profile already
 * held is left alone, so an older copy never blocks a save of other fields.
 */
export function refuseForeignPhotos(
  realtorId: number | null,
  before: Pick<Realtor, 'photos'> | null,
  after: Pick<Realtor, 'photos'>,
): void {
  const had = new Set((before?.photos ?? []).map((photo) => photo.url))
  const issues = (after.photos ?? []).flatMap((photo, index) =>
    !had.has(photo.url) && isForeignPhotoUrl(realtorId, photo.url)
      ? [{ code: 'custom' as const, path: ['photos', index, 'url'], message: 'photo_foreign', input: photo.url }]
      : [],
  )
  if (issues.length > 0) throw new z.ZodError(issues)
}

/**
 * A write that would publish a homepage without what the rules need on it (the realtor's license, the
 * brokerage's name), or take that away from a published one (decision 101): nothing was written.
 */
export class PublishIncompleteError extends Error {
  constructor(
    readonly missing: PublishRequirement[],
    readonly realtor: Pick<Realtor, 'activityRegion'>,
  ) {
    super(`publishing needs ${missing.join(', ')}`)
  }
}

/** Refuses `after` when publishRefusal names a requirement (src/lib/realtors/compliance.ts). */
export function refuseIncompletePublish(before: Realtor | null, after: RealtorInput): void {
  const missing = publishRefusal(before, after)
  if (missing.length > 0) throw new PublishIncompleteError(missing, after)
}

/** The photo URLs `before` had and `after` no longer has. */
export function droppedPhotoUrls(before: Pick<Realtor, 'photos'>, after: Pick<Realtor, 'photos'>): string[] {
  const kept = new Set((after.photos ?? []).map((photo) => photo.url))
  return [...new Set((before.photos ?? []).map((photo) => photo.url))].filter((url) => !kept.has(url))
}

/**
 * What the writer knew of the profile (the route's If-Match and If-Unmodified-Since): checked on the profile as
 * stored when the write applies; false refuses the write (StaleProfileError).
 */
export type Precondition = (stored: VersionedRealtor) => boolean | Promise<boolean>

/** A write whose precondition the stored profile fails: nothing was written or released. */
export class StaleProfileError extends Error {
  constructor(readonly current: Realtor) {
    super(`realtor ${current.id} changed since the writer read it`)
  }
}

/** The profile changed under a write at each of its WRITE_ATTEMPTS tries: nothing was written. */
export class BusyProfileError extends Error {
  constructor(readonly realtorId: number) {
    super(`realtor ${realtorId} kept changing during a write`)
  }
}

/**
 * How often a write is made again on a newer version before it gives up. Each retry means another write of
 * the same profile went through meanwhile, so only that many saves at once could exhaust it.
 */
export const WRITE_ATTEMPTS = 8

/** What a save or an import is held to. */
export interface WriteOptions {
  precondition?: Precondition
  /** Address changes allowed in any 24 hours (renameLimitFor: none for an admin); see ReplaceOptions. */
  renameLimit?: number
}

export interface RealtorService {
  create(input: RealtorInput, ownerId: number | null): Promise<Realtor>
  /** A new realtor account with its homepage, atomically (RealtorRepository.insertWithAccount). */
  createWithAccount(input: RealtorInput, account: NewAccount): Promise<{ accountId: number; realtor: Realtor }>
  /**
   * Applies a validated patch on the profile as stored when it is written: the fields it names change, no
   * other field goes back to an older value. null when there is no such realtor. `opts.renameLimit`: a
   * change of address past the limit is a RenameLimitError (RealtorRepository.replace).
   */
  update(id: number, patch: RealtorPatch, opts?: WriteOptions): Promise<Realtor | null>
  /** Replaces the whole profile with an imported one; null when there is no such realtor. */
  replace(id: number, input: RealtorInput, opts?: WriteOptions): Promise<Realtor | null>
  remove(id: number): Promise<boolean>
}

export function realtorService(
  repo: RealtorRepository,
  onWrite: WriteHook,
  onPhotos: PhotosHook = async () => {},
): RealtorService {
  /** Releases what the write dropped; a failure there is logged, never the save's. */
  async function release(before: Realtor, after: Realtor) {
    await onPhotos(after, droppedPhotoUrls(before, after)).catch((error) =>
      console.error('[photos] releasing dropped photos failed', error),
    )
  }
  /**
   * Writes `next(stored)` in place of the stored profile, on the version it was made from; when another write
   * came first, reads the profile again and makes it again, so nothing that write changed is put back. Only
   * a write that applied purges and releases, and it releases what it took off the version it replaced.
   */
  async function writeOnLatest(
    id: number,
    next: (stored: Realtor) => RealtorInput,
    { precondition, renameLimit }: WriteOptions = {},
  ): Promise<Realtor | null> {
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const stored = await repo.findVersioned(id)
      if (!stored) return null
      if (precondition && !(await precondition(stored))) throw new StaleProfileError(stored.realtor)
      const input = next(stored.realtor)
      refuseForeignPhotos(id, stored.realtor, input)
      refuseIncompletePublish(stored.realtor, input)
      // Past the rename limit on this version, nothing is written (RenameLimitError); on a version another
      // write replaced, nothing is written or counted and the write is made again on the newer one.
      const realtor = await repo.replace(id, input, { version: stored.version, renameLimit })
      if (realtor) {
        await onWrite(id)
        await release(stored.realtor, realtor)
        return realtor
      }
    }
    throw new BusyProfileError(id)
  }
  return {
    async create(input, ownerId) {
      refuseForeignPhotos(null, null, input)
      refuseIncompletePublish(null, input)
      const realtor = await repo.insert(input, ownerId)
      await onWrite(realtor.id)
      return realtor
    },
    async createWithAccount(input, account) {
      refuseForeignPhotos(null, null, input)
      refuseIncompletePublish(null, input)
      const made = await repo.insertWithAccount(input, account)
      await onWrite(made.realtor.id)
      return made
    },
    update(id, patch, opts) {
      return writeOnLatest(
        id,
        (stored) => {
          const { id: _id, userId: _userId, name: _name, deletedAt: _deletedAt, ...profile } = stored
          // The merged profile is checked whole: a patch may pair with stored values (career start/end).
          return realtorCreateSchema.parse({ ...profile, ...patch })
        },
        opts,
      )
    },
    replace(id, input, opts) {
      return writeOnLatest(id, () => input, opts)
    },
    async remove(id) {
      const removed = await repo.remove(id)
      if (removed) await onWrite(id)
      return removed
    },
  }
}

/**
 * Purges the realtor's cached pages and data (and the landing's) in every isolate and in Workers Cache
 * (the request's `ctx.cache` when given, else the module's: the same cache).
 */
export function purgeRealtor(env: TagLogBindings, id: number | string, ctx?: object): Promise<void> {
  return purgeTags([pageCache, dataCache], tagLogOf(env), realtorTags(id), edgeCacheOf(ctx))
}

/** The worker's service: the D1 store, purging what shows the realtor on every write and releasing dropped photos. */
export function realtorServiceOf(
  env: TagLogBindings & { DB: D1Database; PHOTOS?: R2Bucket },
  ctx?: object,
): RealtorService {
  const bucket = env.PHOTOS
  return realtorService(
    d1Store(env.DB),
    (id) => purgeRealtor(env, id, ctx),
    async (realtor, dropped) => {
      if (!bucket) return
      await releasePhotos(env.DB, bucket, realtor.id, dropped)
      // Each save also clears the realtor's uploads abandoned before a save (docs/decisions/045-photo-slots.md).
      await releaseAbandonedUploads(
        env.DB,
        bucket,
        realtor.id,
        realtor.photos.map((photo) => photo.url),
      )
    },
  )
}
