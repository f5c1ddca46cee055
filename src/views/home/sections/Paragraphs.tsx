// A realtor's free text as paragraphs: blank lines separate them.
import type { ReactElement } from 'react'

/**
 * Paragraph elements by text: the same texts (a cached profile's about-me and sections) render on
 * every visit, and a large home has some twenty of them (docs/decisions/058-render-at-scale.md).
 * Bounded: a full table is cleared.
 */
const split = new Map<string, ReactElement[]>()

function paragraphsOf(text: string): ReactElement[] {
  let paragraphs = split.get(text)
  if (!paragraphs) {
    paragraphs = text
      .split(/\n{2,}/)
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p, i) => <p key={i}>{p}</p>)
    if (split.size >= 512) split.clear()
    split.set(text, paragraphs)
  }
  return paragraphs
}

export function Paragraphs({ text }: { text: string }) {
  return <>{paragraphsOf(text)}</>
}
