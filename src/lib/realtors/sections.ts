// The extra sections of a profile in both languages (issue 33, docs/decisions/111). A section saved before
// issue 33 holds one `title`/`content` in whichever language the realtor wrote it: read by its script, it
// becomes the Korean page's section when it holds Hangul and the English page's otherwise, so no page shows a
// section in the other language's words and the editor shows it under the language it is in.
import { hasHangul, type Locale } from '../locale'
import type { AdditionalSection } from './types'

type StoredSection = Partial<AdditionalSection> & { title?: string; content?: string }

/** A stored section with both languages' fields; one stored with them keeps them as they are. */
export function sectionWithLanguages(section: StoredSection): AdditionalSection {
  const title = section.title ?? ''
  const content = section.content ?? ''
  if ('titleEn' in section || 'contentEn' in section)
    return { title, content, titleEn: section.titleEn ?? '', contentEn: section.contentEn ?? '' }
  if (hasHangul(`${title}${content}`)) return { title, content, titleEn: '', contentEn: '' }
  return { title: '', content: '', titleEn: title, contentEn: content }
}

/** The sections a page in `locale` shows: its own language's title and content, sections empty in it left out. */
export function sectionsIn(
  sections: readonly AdditionalSection[],
  locale: Locale,
): { title: string; content: string }[] {
  return sections
    .map((section) =>
      locale === 'ko'
        ? { title: section.title.trim(), content: section.content.trim() }
        : { title: section.titleEn.trim(), content: section.contentEn.trim() },
    )
    .filter((section) => section.title || section.content)
}
