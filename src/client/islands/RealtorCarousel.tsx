// The carousel of example realtor sites (docs/product.md §2, §9). The server renders every slide as a link, so
// it scrolls natively before this loads; hydration turns it into a Swiper with the spec's constants.
import { useEffect, useRef, useState } from 'react'
import Swiper from 'swiper'
import { CAROUSEL } from '../../lib/carousel'
import { SiteCardFace } from '../components/SiteCard'
import { type Messages, t } from '../lib/messages'

/** Slide widths: 1.2 of a 1040 px column on desktop, 1.2 or 1.4 of the viewport less its margins below. */
const SLIDE_SIZES = '(min-width: 1120px) 870px, (min-width: 500px) 80vw, 70vw'

export interface ExampleSite {
  href: string
  name: string
  region: string
  host: string
  image: { src: string; width: number; height: number; srcSet?: string }
  logo?: string
}

/**
 * The messages this island reads (src/lib/island-messages.ts): its name, its arrows', and what is said
 * after each site's name and region (the link opens a new tab).
 */
export const REALTOR_CAROUSEL_MESSAGES = [
  'landing.showcase.label',
  'landing.showcase.previous',
  'landing.showcase.next',
  'landing.showcase.newTab',
] as const

export interface RealtorCarouselProps {
  messages: Messages
  sites: ExampleSite[]
}

/** The carousel's two buttons: which way each moves, and its chevron. */
const ARROWS = [
  { direction: 'previous', path: 'm15 5-7 7 7 7' },
  { direction: 'next', path: 'm9 5 7 7-7 7' },
] as const

export default function RealtorCarousel({ messages, sites }: RealtorCarouselProps) {
  const root = useRef<HTMLElement>(null)
  const swiper = useRef<Swiper | null>(null)
  const [edges, setEdges] = useState({ start: true, end: false })

  useEffect(() => {
    if (!root.current) return
    const instance = new Swiper(root.current, {
      slidesPerView: CAROUSEL.slidesPerViewNarrow,
      spaceBetween: CAROUSEL.gap,
      speed: CAROUSEL.speed,
      threshold: CAROUSEL.dragThreshold,
      grabCursor: true,
      watchSlidesProgress: true,
      breakpoints: { [CAROUSEL.narrowBelow]: { slidesPerView: CAROUSEL.slidesPerView } },
      on: {
        slideChange: (s) => setEdges({ start: s.isBeginning, end: s.isEnd }),
      },
    })
    swiper.current = instance
    // A link reached with the keyboard is brought into view.
    const onFocus = (event: FocusEvent) => {
      const slide = (event.target as Element).closest('.swiper-slide')
      const index = slide ? instance.slides.indexOf(slide as HTMLElement) : -1
      if (index >= 0) instance.slideTo(index)
    }
    instance.el.addEventListener('focusin', onFocus)
    return () => {
      instance.el.removeEventListener('focusin', onFocus)
      instance.destroy(true, true)
    }
  }, [])

  return (
    <div className="showcase__carousel">
      <section
        ref={root}
        className="swiper"
        aria-roledescription="carousel"
        aria-label={t(messages, 'landing.showcase.label')}
      >
        <ul className="swiper-wrapper">
          {sites.map((site) => (
            <li key={site.href} className="swiper-slide">
              <a className="site-card" href={site.href} target="_blank" rel="noopener" draggable={false}>
                <SiteCardFace site={site} sizes={SLIDE_SIZES}>
                  {/* The link is named by what it shows (WCAG 2.5.3, label in name), then this. */}
                  <span className="visually-hidden">{` ${t(messages, 'landing.showcase.newTab')}`}</span>
                </SiteCardFace>
              </a>
            </li>
          ))}
        </ul>
      </section>
      <div className="showcase__controls">
        {ARROWS.map(({ direction, path }) => (
          <button
            key={direction}
            type="button"
            className="showcase__arrow"
            aria-label={t(messages, `landing.showcase.${direction}`)}
            disabled={direction === 'previous' ? edges.start : edges.end}
            onClick={() => (direction === 'previous' ? swiper.current?.slidePrev() : swiper.current?.slideNext())}
          >
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={path} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        ))}
      </div>
    </div>
  )
}
