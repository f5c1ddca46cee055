// Presigned photo uploads (docs/product.md §7, docs/decisions/013-photo-uploads.md): upload URLs signed by this worker with
// HMAC, carrying the R2 key (under the realtor's prefix), content type, size limit and expiry; and
// the magic-byte check that a stored file is the image it claims to be. SVG is refused
// (docs/decisions/013-photo-uploads.md).
import { base64url, fromBase64url } from './base64url'
import { hmacKey } from './session'
import { decodeSegment } from './tenant'

export const UPLOAD_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const
export type UploadType = keyof typeof UPLOAD_TYPES
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
export const MAX_UPLOAD_FILES = 10
export const UPLOAD_TTL_SECONDS = 10 * 60
/** Where served photos live: GET /photos/{key}. */
export const PHOTOS_PREFIX = '/photos/'

export function isUploadType(value: unknown): value is UploadType {
  return typeof value === 'string' && Object.hasOwn(UPLOAD_TYPES, value)
}

/** The image type its first bytes say a file is, or null for anything else. */
export function sniffImageType(bytes: Uint8Array): UploadType | null {
  const starts = (...sig: number[]) => sig.every((byte, i) => bytes[i] === byte)
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'image/gif'
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp'
  return null
}

export interface UploadGrant {
  key: string
  contentType: UploadType
  maxBytes: number
  /** Unix seconds. */
  expires: number
}

const encoder = new TextEncoder()
const message = (g: UploadGrant) => encoder.encode(`upload\n${g.key}\n${g.contentType}\n${g.maxBytes}\n${g.expires}`)

/** Where a realtor's uploads live in R2; every key under `realtors/` belongs to the realtor it names. */
export const REALTOR_PHOTOS = 'realtors/'

/**
 * The R2 prefix of one realtor's uploads, `realtors/{id}/`: the one rule of which keys are theirs, for
 * making keys, listing them, and what their writes may reference or release (src/lib/photos/keys.ts).
 */
export const photoPrefixOf = (realtorId: number) => `${REALTOR_PHOTOS}${realtorId}/`

/** A new R2 key for a realtor's photo: `realtors/{id}/{uuid}.{ext}`. */
export function uploadKey(realtorId: number, contentType: UploadType): string {
  return `${photoPrefixOf(realtorId)}${crypto.randomUUID()}.${UPLOAD_TYPES[contentType]}`
}

/** The signed PUT URL of a grant; its URL without the query is where the photo is served. */
export async function signUploadUrl(origin: string, grant: UploadGrant, secret: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), message(grant))
  const url = new URL(`${PHOTOS_PREFIX}${grant.key}`, origin)
  url.searchParams.set('type', grant.contentType)
  url.searchParams.set('max', String(grant.maxBytes))
  url.searchParams.set('expires', String(grant.expires))
  url.searchParams.set('sig', base64url(new Uint8Array(signature)))
  return url.toString()
}

export type UploadCheck = { ok: true; grant: UploadGrant } | { ok: false; reason: 'signature' | 'expired' }

/** Checks a PUT URL's signature and expiry. */
export async function verifyUploadUrl(url: URL, secret: string, now = Date.now()): Promise<UploadCheck> {
  const params = url.searchParams
  const contentType = params.get('type')
  const grant = {
    key: decodeSegment(url.pathname.slice(PHOTOS_PREFIX.length)),
    contentType,
    maxBytes: Number(params.get('max')),
    expires: Number(params.get('expires')),
  }
  const sig = params.get('sig')
  if (
    !sig ||
    !isUploadType(contentType) ||
    !Number.isSafeInteger(grant.maxBytes) ||
    !Number.isSafeInteger(grant.expires)
  )
    return { ok: false, reason: 'signature' }
  const valid = await crypto.subtle
    .verify('HMAC', await hmacKey(secret), fromBase64url(sig), message(grant as UploadGrant))
    .catch(() => false)
  if (!valid) return { ok: false, reason: 'signature' }
  if (grant.expires * 1000 <= now) return { ok: false, reason: 'expired' }
  return { ok: true, grant: grant as UploadGrant }
}
