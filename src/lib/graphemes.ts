// Cutting text to a length without breaking a character a reader sees: a cut on UTF-16 units can split an
// emoji into an unpaired surrogate (which strict JSON parsers refuse), and one on code points can still
// split a flag, a skin tone or a family emoji. Intl.Segmenter (in the Workers runtime) knows graphemes.
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/**
 * The longest start of `text` made of whole graphemes whose written form fits `limit` UTF-16 units, each
 * grapheme written by `write` (an escape, so an entity such as `&lt;` is never cut either). When the text
 * is cut, `marker` (an ellipsis by default) ends it, within the limit.
 */
export function cutToGraphemes(text: string, limit: number, write = (part: string) => part, marker = '…'): string {
  const whole = write(text)
  if (whole.length <= limit) return whole
  const room = limit - marker.length
  let cut = ''
  for (const { segment } of graphemes.segment(text)) {
    const next = write(segment)
    if (cut.length + next.length > room) break
    cut += next
  }
  return `${cut}${marker}`
}
