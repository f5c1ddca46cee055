// Serialising data into HTML safely: JSON inside <script> must not be able to close the element.
import { boundedMemo } from './memo'

const UNSAFE_JSON_CHARS: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}

const UNSAFE_JSON = /[<>&\u2028\u2029]/
const UNSAFE_JSON_GLOBAL = /[<>&\u2028\u2029]/g

const escapeJson = (json: string) =>
  UNSAFE_JSON.test(json) ? json.replace(UNSAFE_JSON_GLOBAL, (ch) => UNSAFE_JSON_CHARS[ch] ?? ch) : json

/**
 * The escaped JSON of frozen values, by identity. Only the data cache freezes, and it freezes deeply
 * (src/lib/data-cache.ts): a frozen value never changes, so a homepage's listings (most of its island
 * props) are serialised once, not on every render (docs/decisions/058-render-at-scale.md).
 */
const frozenJson = new WeakMap<object, string>()

/** JSON.stringify's text, escaped, or undefined where JSON.stringify leaves a value out. */
function escapedJson(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') {
    const json = JSON.stringify(value) as string | undefined
    return json === undefined ? undefined : escapeJson(json)
  }
  if (Object.isFrozen(value)) {
    let json = frozenJson.get(value)
    if (json === undefined) {
      json = escapeJson(JSON.stringify(value))
      frozenJson.set(value, json)
    }
    return json
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return escapeJson(JSON.stringify(value))
  if (Array.isArray(value)) return `[${value.map((item) => escapedJson(item) ?? 'null').join(',')}]`
  const members: string[] = []
  for (const [key, item] of Object.entries(value)) {
    const json = escapedJson(item)
    if (json !== undefined) members.push(`${escapeJson(JSON.stringify(key))}:${json}`)
  }
  return `{${members.join(',')}}`
}

/** JSON.stringify, escaped for embedding in a <script> element (island props, JSON-LD). */
export function safeJson(value: unknown): string {
  return escapedJson(value ?? null) ?? 'null'
}

/** An http(s) scheme, a host, then no whitespace or control characters anywhere. */
const HTTP_URL = /^https?:\/\/[^\s/?#\\\p{Cc}]+[^\s\p{Cc}]*$/iu

/** Whether a text `new URL()` accepts, by the text: pages check the same few links on every render. */
const parses = boundedMemo<string, boolean>(2_000)

function parsesAsUrl(value: string): boolean {
  try {
    new URL(value)
    return true
  } catch {
    return false
  }
}

/**
 * True for absolute http(s) URLs only, the one rule for every "is it a web address" question (links,
 * webhooks, configuration): the scheme, a host, no whitespace or control characters anywhere (so tenant
 * links never get javascript:, data: or other schemes, and nothing is silently trimmed or re-encoded),
 * and a text the URL parser accepts (a bad port, host or escape is refused).
 */
export function isHttpUrl(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= 2048 &&
    HTTP_URL.test(value) &&
    parses.of(value, () => parsesAsUrl(value))
  )
}

/** An http(s) URL parsed, or null: for the few places that need its parts (origin, host, query). */
export function parseHttpUrl(value: unknown): URL | null {
  return isHttpUrl(value) ? new URL(value) : null
}

/**
 * A link as people paste it, parsed: `https://` added when it has no scheme (`youtu.be/…`, `open.kakao.com/o/…`);
 * null when it is not http(s), names another scheme, or is a bare path.
 */
export function parsePastedUrl(value: string): URL | null {
  const text = value.trim()
  if (/^https?:\/\//i.test(text)) return parseHttpUrl(text)
  return text.includes('://') || text.startsWith('/') ? null : parseHttpUrl(`https://${text}`)
}

/** A colour: # and exactly six hex digits (docs/product.md §5). */
export const HEX_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/

/** A colour usable in CSS: one that matches HEX_COLOR_PATTERN, else the fallback. */
export function safeHexColor(value: unknown, fallback: string): string {
  return typeof value === 'string' && HEX_COLOR_PATTERN.test(value) ? value : fallback
}

/**
 * A mailto: link to an address, each side of its last `@` percent-encoded: no `?`, `&` or `#` in a stored
 * address can add a header (cc, body) or a fragment to the link. The inbox and the notification email use it.
 */
export function mailtoHref(address: string): string {
  const at = address.lastIndexOf('@')
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`
}
