// A realtor's free text as paragraphs: blank lines separate them.
import type { ReactElement } from 'react'
import { boundedMemo } from '../../../lib/memo'

/**
 * Paragraph elements by text: the same texts (a cached profile's about-me and sections) render on
 * every visit, and a large home has some twenty of them (docs/decisions/058-render-at-scale.md).
 * Bounded: a full table is cleared.
 */
const split = boundedMemo<string, ReactElement[]>(512)

function paragraphsOf(text: string): ReactElement[] {
  return split.of(text, () =>
    text
      .split(/\n{2,}/)
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p, i) => <p key={i}>{p}</p>),
  )
}

export function Paragraphs({ text }: { text: string }) {
  return <>{paragraphsOf(text)}</>
}
