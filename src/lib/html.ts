// Serialising data into HTML safely: JSON inside <script> must not be able to close the element.

const UNSAFE_JSON_CHARS: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}

const UNSAFE_JSON = /[<>&\u2028\u2029]/
const UNSAFE_JSON_GLOBAL = /[<>&\u2028\u2029]/g

/** JSON.stringify, escaped for embedding in a <script> element (island props, JSON-LD). */
export function safeJson(value: unknown): string {
  const json = JSON.stringify(value ?? null)
  return UNSAFE_JSON.test(json) ? json.replace(UNSAFE_JSON_GLOBAL, (ch) => UNSAFE_JSON_CHARS[ch] ?? ch) : json
}

/** An http(s) scheme, a host, then no whitespace or control characters anywhere. */
const HTTP_URL = /^https?:\/\/[^\s/?#\\\p{Cc}]+[^\s\p{Cc}]*$/iu

/**
 * True for absolute http(s) URLs only: tenant links never get javascript:, data: or other schemes.
 * A pattern rather than `new URL()`: pages check every tenant link on each render, and what matters
 * here is the scheme (links were validated whole when the realtor was saved).
 */
export function isHttpUrl(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 2048 && HTTP_URL.test(value)
}

/** An http(s) URL parsed, or null: for the few places that need its parts (origin, host, query). */
export function parseHttpUrl(value: unknown): URL | null {
  if (!isHttpUrl(value)) return null
  try {
    return new URL(value)
  } catch {
    return null
  }
}

/** A colour: # and exactly six hex digits (docs/product.md §5). */
export const HEX_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/

/** A colour usable in CSS: one that matches HEX_COLOR_PATTERN, else the fallback. */
export function safeHexColor(value: unknown, fallback: string): string {
  return typeof value === 'string' && HEX_COLOR_PATTERN.test(value) ? value : fallback
}
