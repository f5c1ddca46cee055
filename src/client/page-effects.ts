// Page behaviour too small for an island: the header that turns compact after scrolling, the
// page-view event of pages that declare one (data-track-view) and a homepage's view beacon (data-page-view).
import type { LandingEvent } from '../lib/analytics'
import { VIEWS_PATH, type ViewBeacon } from '../lib/page-views/beacon'
import { track } from './analytics'
import { whenShown } from './when-shown'

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

/**
 * A homepage view (docs/decisions/071-view-beacon.md): one beacon, no cookie, once the page has loaded and
 * is shown. A page the browser prerenders waits until the visitor actually opens it; one it merely
 * prefetches runs no script at all.
 */
export function countView(realtorId: number, proof: string): void {
  const beacon = (): ViewBeacon => ({ realtorId, proof, path: location.pathname })
  whenShown(() => navigator.sendBeacon(VIEWS_PATH, JSON.stringify(beacon())))
}

export function startPageEffects(): void {
  const header = document.querySelector<HTMLElement>('[data-compact-on-scroll]')
  if (header) compactHeaderOnScroll(header)
  const view = document.querySelector<HTMLElement>('[data-track-view]')?.dataset.trackView
  if (view) track(view as LandingEvent)
  const { pageView, viewProof } = document.body.dataset
  if (pageView && viewProof) countView(Number(pageView), viewProof)
}
