// Conditional requests (RFC 9110 §13): which preconditions a stored file or a write's target fails, evaluated
// in the RFC's order, with malformed fields handled as the RFC says instead of failing the request.

export interface Validators {
  /** The strong entity tag of the current file, quoted: "abc". */
  etag: string
  lastModified: Date
}

const ENTITY_TAG = /(W\/)?"[\x21\x23-\x7e\x80-\xff]*"/g

/** The entity tags of an If-Match / If-None-Match field: '*', or the valid tags it lists (none when malformed). */
function entityTags(field: string): '*' | { weak: boolean; opaque: string }[] {
  if (field.trim() === '*') return '*'
  return [...field.slice(0, 8192).matchAll(ENTITY_TAG)].map((match) => ({
    weak: Boolean(match[1]),
    opaque: match[0].slice(match[1] ? 2 : 0),
  }))
}

/** An HTTP-date, or null when the field is not one (then the RFC says to ignore it). */
function httpDate(field: string | null): number | null {
  if (!field || field.length > 64) return null
  const time = Date.parse(field)
  return Number.isNaN(time) ? null : time
}

/** Seconds only: HTTP dates have no finer resolution. */
const seconds = (date: Date) => Math.floor(date.getTime() / 1000) * 1000

/**
 * 412 when If-Match or If-Unmodified-Since fails, 304 when If-None-Match or If-Modified-Since says the
 * client's copy is current, else null: send the file.
 */
export function preconditionStatus(headers: Headers, current: Validators): 304 | 412 | null {
  const ifMatch = headers.get('if-match')
  if (ifMatch !== null) {
    const tags = entityTags(ifMatch)
    // Strong comparison: a weak tag never matches.
    if (tags !== '*' && !tags.some((tag) => !tag.weak && tag.opaque === current.etag)) return 412
  } else {
    const since = httpDate(headers.get('if-unmodified-since'))
    if (since !== null && seconds(current.lastModified) > since) return 412
  }
  if (headers.get('if-none-match') !== null) {
    if (noneMatchHits(headers, current.etag)) return 304
  } else {
    const since = httpDate(headers.get('if-modified-since'))
    if (since !== null && seconds(current.lastModified) <= since) return 304
  }
  return null
}

/** Whether a request carries a precondition a write must evaluate (If-Modified-Since is for reads only). */
export function hasWritePrecondition(headers: Headers): boolean {
  return ['if-match', 'if-none-match', 'if-unmodified-since'].some((name) => headers.has(name))
}

/**
 * Whether a write (PATCH, PUT, POST) must be refused with 412: the same evaluation as preconditionStatus, where
 * If-Modified-Since does not apply (§13.1.4) and what would be a 304 for a read is a 412 (§13.2.2): an
 * If-None-Match naming the current tag, or `*` for a target that exists.
 */
export function writePreconditionFails(headers: Headers, current: Validators): boolean {
  const evaluated = new Headers(headers)
  evaluated.delete('if-modified-since')
  return preconditionStatus(evaluated, current) !== null
}

/**
 * Whether If-None-Match says the client's copy is current (weak comparison, as the RFC says for it):
 * for answers that have an entity tag and nothing else to compare (a realtor's public profile).
 */
export function noneMatchHits(headers: Headers, etag: string): boolean {
  const field = headers.get('if-none-match')
  if (field === null) return false
  const tags = entityTags(field)
  return tags === '*' || tags.some((tag) => tag.opaque === etag)
}

/** A strong entity tag of a body: its SHA-256, shortened (128 bits is plenty to tell versions apart). */
export async function strongEtag(body: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body)))
  let hex = ''
  for (const byte of digest.subarray(0, 16)) hex += byte.toString(16).padStart(2, '0')
  return `"${hex}"`
}
