// Takes the realtor to a field of the editor: opens the collapsed group it sits in, scrolls it into
// view and focuses it. Shared by the onboarding checklist's links and the save that found errors.
import { fieldId } from './fields'

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, a[href], [tabindex]:not([tabindex="-1"])'

/**
 * The element a draft path stands for: its input, or for the paths that have none of their own the
 * place that does the job (the photo slots, the region list, the Publish button).
 */
function targetOf(path: string): HTMLElement | null {
  const byId = (id: string) => document.getElementById(id)
  switch (path) {
    case 'photos':
      return byId('photos')
    case 'activityRegion':
      return byId(fieldId('activityRegion.0.city')) ?? byId('regions')
    case 'isMakeHomepage':
      // The toolbar's Publish button; the switch where the editor still has one.
      return byId('editor-publish') ?? byId(fieldId(path))
    default:
      return byId(fieldId(path))
  }
}

export function focusField(path: string): boolean {
  let target = targetOf(path)
  if (!target) return false
  for (let group = target.closest('details'); group; group = group.parentElement?.closest('details') ?? null)
    group.open = true
  if (!target.matches(FOCUSABLE)) target = target.querySelector<HTMLElement>(FOCUSABLE) ?? target
  target.scrollIntoView({ block: 'center', behavior: 'smooth' })
  target.focus({ preventScroll: true })
  return true
}

/** The paths in the order their fields appear on the page; a path with no field goes last. */
export function inFormOrder(paths: readonly string[]): string[] {
  const position = (path: string) => document.getElementById(fieldId(path))
  return [...paths].sort((a, b) => {
    const first = position(a)
    const second = position(b)
    if (!first || !second) return first ? -1 : second ? 1 : 0
    return first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1
  })
}

/**
 * A field focused partly under the sticky save bar or header is brought clear of both (decision 105):
 * the browser's own focus scroll stops once a field is partly in view, which leaves the lower part of a
 * tall text area under the bar on a phone. `scrollIntoView` keeps the page's scroll-padding (editor.css).
 */
export function keepFieldClear(field: EventTarget, bar: HTMLElement | null): void {
  if (!(field instanceof HTMLElement) || !bar || bar.contains(field) || !field.matches('input, select, textarea'))
    return
  requestAnimationFrame(() => {
    const box = field.getBoundingClientRect()
    const under = (cover: DOMRect | undefined) => cover && box.bottom > cover.top && box.top < cover.bottom
    const header = document.querySelector('.site-header')?.getBoundingClientRect()
    if (under(bar.getBoundingClientRect()) || under(header)) field.scrollIntoView({ block: 'nearest' })
  })
}
