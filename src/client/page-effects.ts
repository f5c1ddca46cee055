// Page behaviour too small for an island: the header that turns compact after scrolling, and the
// page-view event of pages that declare one (data-track-view).
import type { LandingEvent } from '../lib/analytics'
import { track } from './analytics'

/** docs/product.md §9: the header changes after the window scrolls more than 10 px. */
export const HEADER_SCROLL_THRESHOLD = 10

export function compactHeaderOnScroll(header: HTMLElement): void {
  let frame = 0
  const update = () => {
    frame = 0
    header.toggleAttribute('data-scrolled', window.scrollY > HEADER_SCROLL_THRESHOLD)
  }
  window.addEventListener(
    'scroll',
    () => {
      if (!frame) frame = requestAnimationFrame(update)
    },
    { passive: true },
  )
  update()
}

export function startPageEffects(): void {
  const header = document.querySelector<HTMLElement>('[data-compact-on-scroll]')
  if (header) compactHeaderOnScroll(header)
  const view = document.querySelector<HTMLElement>('[data-track-view]')?.dataset.trackView
  if (view) track(view as LandingEvent)
}
