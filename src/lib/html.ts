// Serialising data into HTML safely: JSON inside <script> must not be able to close the element.

const UNSAFE_JSON_CHARS: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}

/** JSON.stringify, escaped for embedding in a <script> element (island props, JSON-LD). */
export function safeJson(value: unknown): string {
  return JSON.stringify(value ?? null).replace(/[<>&\u2028\u2029]/g, (ch) => UNSAFE_JSON_CHARS[ch] ?? ch)
}

/** True for absolute http(s) URLs only: tenant links never get javascript:, data: or other schemes. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2048) return false
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

/** A colour usable in CSS: # and exactly six hex digits (SPEC.md §5), else the fallback. */
export function safeHexColor(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback
}
