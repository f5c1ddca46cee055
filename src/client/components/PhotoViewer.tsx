// The full-screen photo viewer of a listing's photos (HomeGallery) and of a homepage's gallery
// (GalleryStrip): a modal dialog (the page behind is inert, focus stays inside) holding a strip that swipes
// (CSS scroll snap, the browser's own touch scrolling), steps with the arrow keys and the ‹ › buttons,
// counts "3 / 7", shows each photo's caption, and closes with Escape or Close, giving focus back to the
// photo that opened it. Without JavaScript each photo is a link to its full-size image instead. Only the
// islands import this module: the server renders the closed dialog of photo-strip.tsx.
import { type KeyboardEvent, type MouseEvent, type RefObject, useEffect, useRef, useState } from 'react'
import { type Messages, t } from '../lib/messages'
import { takePendingClick } from '../pending-click'

export interface ViewerPhoto {
  /** The image shown full screen (the largest size when there are several). */
  src: string
  srcSet?: string
  width?: number
  height?: number
  alt: string
  /** Shown under the photo, in the page's language only; absent when there is none in it. */
  caption?: string
}

/** A click the browser should handle itself: a new tab or window, a download. */
const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey

/**
 * Which photo is open, a click handler for each photo's link, and the viewer's onClose. A tap on a photo
 * before the island was live opens it once it is (src/client/pending-click.ts).
 */
export function usePhotoViewer(root: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState<number | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  useEffect(() => {
    const pending = takePendingClick(root.current)
    if (!pending?.startsWith('photo-')) return
    opener.current = root.current?.querySelector<HTMLElement>(`[data-replay="${pending}"]`) ?? null
    setOpen(Number(pending.slice(6)) || 0)
  }, [root])
  const openAt = (i: number) => (event: MouseEvent) => {
    if (opensElsewhere(event)) return
    event.preventDefault()
    opener.current = event.currentTarget as HTMLElement
    setOpen(i)
  }
  const onClose = () => {
    setOpen(null)
    opener.current?.focus()
  }
  return { open, openAt, onClose }
}

export function PhotoViewer({
  photos,
  open,
  label,
  messages,
  onClose,
}: {
  photos: ViewerPhoto[]
  /** The photo opened, or null while the viewer is closed. */
  open: number | null
  /** The dialog's name: "Photos of 123 Main St". */
  label: string
  messages: Messages
  onClose: () => void
}) {
  const [current, setCurrent] = useState(0)
  const dialog = useRef<HTMLDialogElement>(null)
  const strip = useRef<HTMLUListElement>(null)
  // The photo a step or a key scrolls to: the scroll events on the way report the photos it passes, not
  // where it is going, so until it gets there (or the scroll ends) they change nothing.
  const target = useRef<number | null>(null)

  useEffect(() => {
    const node = dialog.current
    if (open === null || !node) return
    if (!node.open) node.showModal()
    target.current = null
    setCurrent(open)
    strip.current?.children[open]?.scrollIntoView({ block: 'nearest', inline: 'start', behavior: 'instant' })
  }, [open])

  const go = (step: number) => {
    const next = Math.min(photos.length - 1, Math.max(0, (target.current ?? current) + step))
    target.current = next
    strip.current?.children[next]?.scrollIntoView({ block: 'nearest', inline: 'start', behavior: 'smooth' })
    setCurrent(next)
  }
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(1)
    else if (event.key === 'ArrowLeft') go(-1)
    else return
    event.preventDefault()
  }
  // The photo in view as the viewer is swiped: the one whose left edge is nearest the strip's.
  const onScroll = () => {
    const node = strip.current
    if (!node || node.clientWidth === 0) return
    const at = Math.min(photos.length - 1, Math.round(node.scrollLeft / node.clientWidth))
    if (target.current !== null && at !== target.current) return
    target.current = null
    setCurrent(at)
  }
  const onScrollEnd = () => {
    target.current = null
    onScroll()
  }

  return (
    <dialog ref={dialog} className="photo-viewer" aria-label={label} onKeyDown={onKey} onClose={onClose}>
      {open !== null ? (
        <>
          <div className="photo-viewer__bar">
            <p className="photo-viewer__position" aria-live="polite">
              {t(messages, 'homes.gallery.position', { n: current + 1, total: photos.length })}
            </p>
            <button type="button" className="photo-viewer__close" onClick={() => dialog.current?.close()}>
              {t(messages, 'homes.gallery.close')}
            </button>
          </div>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable strip must be focusable for keyboard scrolling (WCAG) */}
          <ul className="photo-viewer__strip" ref={strip} onScroll={onScroll} onScrollEnd={onScrollEnd} tabIndex={0}>
            {photos.map((photo, i) => (
              <li key={photo.src} className="photo-viewer__item" aria-hidden={i === current ? undefined : true}>
                <figure>
                  <img
                    src={photo.src}
                    srcSet={photo.srcSet}
                    sizes={photo.srcSet ? '100vw' : undefined}
                    width={photo.width}
                    height={photo.height}
                    alt={photo.alt}
                    loading={Math.abs(i - open) <= 1 ? 'eager' : 'lazy'}
                    decoding="async"
                  />
                  {photo.caption ? <figcaption className="photo-viewer__caption">{photo.caption}</figcaption> : null}
                </figure>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="photo-viewer__step photo-viewer__step--prev"
            onClick={() => go(-1)}
            disabled={current === 0}
            aria-label={t(messages, 'homes.gallery.previous')}
          >
            ‹
          </button>
          <button
            type="button"
            className="photo-viewer__step photo-viewer__step--next"
            onClick={() => go(1)}
            disabled={current === photos.length - 1}
            aria-label={t(messages, 'homes.gallery.next')}
          >
            ›
          </button>
        </>
      ) : null}
    </dialog>
  )
}
