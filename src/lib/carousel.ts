// The example-sites carousel's constants (docs/product.md §9), shared by the server markup, its CSS fallback and
// the Swiper options so the slide sizes before and after hydration are the same (no layout shift).
export const CAROUSEL = {
  slides: 10,
  slidesPerView: 1.2,
  /** Below this window width more of the next slide shows: 1.4 slides. */
  narrowBelow: 500,
  slidesPerViewNarrow: 1.4,
  gap: 12,
  /** A pointer that moves more than this many pixels is a drag, not a click. */
  dragThreshold: 5,
  speed: 300,
} as const
