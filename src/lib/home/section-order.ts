// The order of the homepage's movable sections (issue 33, docs/decisions/111): the page, its preview and the
// editor's order field read it here, so the three never disagree.
import { HOME_SECTIONS, type HomeSectionId } from '../realtors/types'

const isSection = (id: string): id is HomeSectionId => (HOME_SECTIONS as readonly string[]).includes(id)

/** The movable sections in the realtor's order: the ids they listed (once each), then the rest in HOME_SECTIONS order. */
export function sectionOrderOf(order: readonly string[] | undefined): HomeSectionId[] {
  const listed = (order ?? []).filter(
    (id, index, all): id is HomeSectionId => isSection(id) && all.indexOf(id) === index,
  )
  return [...listed, ...HOME_SECTIONS.filter((id) => !listed.includes(id))]
}
