// A home's photos (issue 30): a strip that swipes on a phone (CSS scroll snap, no script), each photo a
// link to its largest size so it opens without JavaScript; live, a photo opens a full-screen viewer that
// swipes, steps with the arrow keys and buttons, and closes with Escape, giving focus back.
import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react'
import type { ListingPhoto } from '../../lib/mls/record'
import { type Messages, t } from '../lib/messages'
import { takePendingClick } from '../pending-click'

/** The messages this island reads (src/lib/island-messages.ts). */
export const HOME_GALLERY_MESSAGES = ['homes.gallery.'] as const

export interface HomeGalleryProps {
  photos: ListingPhoto[]
  /** The home's address: each photo's alternative text names it and its place in the set. */
  address: string
  messages: Messages
}

const src = (key: string) => `/photos/${key}`
const srcSetOf = (photo: ListingPhoto) => photo.sizes.map((size) => `${src(size.key)} ${size.width}w`).join(', ')
const largest = (photo: ListingPhoto) => src(photo.sizes.at(-1)!.key)

/** A click the browser should handle itself: a new tab or window, a download. */
const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey

export default function HomeGallery({ photos, address, messages }: HomeGalleryProps) {
  const [open, setOpen] = useState<number | null>(null)
  const [current, setCurrent] = useState(0)
  const dialog = useRef<HTMLDialogElement>(null)
  const strip = useRef<HTMLUListElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const root = useRef<HTMLDivElement>(null)
  const alt = (i: number) =>
    photos[i]?.alt || t(messages, 'homes.gallery.alt', { address, n: i + 1, total: photos.length })

  // A tap on a photo before this island was live opens it now (src/client/pending-click.ts).
  useEffect(() => {
    const pending = takePendingClick(root.current)
    if (pending?.startsWith('photo-')) setOpen(Number(pending.slice(6)) || 0)
  }, [])

  useEffect(() => {
    const node = dialog.current
    if (open === null || !node) return
    if (!node.open) node.showModal()
    setCurrent(open)
    strip.current?.children[open]?.scrollIntoView({ block: 'nearest', inline: 'start', behavior: 'instant' })
  }, [open])

  const close = () => {
    dialog.current?.close()
  }
  const go = (step: number) => {
    const next = Math.min(photos.length - 1, Math.max(0, current + step))
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
    setCurrent(Math.min(photos.length - 1, Math.round(node.scrollLeft / node.clientWidth)))
  }
  const openAt = (i: number) => (event: MouseEvent) => {
    if (opensElsewhere(event)) return
    event.preventDefault()
    opener.current = event.currentTarget as HTMLElement
    setOpen(i)
  }

  if (photos.length === 0) return <p className="home-gallery__none">{t(messages, 'homes.gallery.none')}</p>
  return (
    <div className="listing-gallery" ref={root}>
      <ul className="listing-gallery__strip" aria-label={t(messages, 'homes.gallery.label', { total: photos.length })}>
        {photos.map((photo, i) => (
          <li key={photo.sizes[0]!.key} className="listing-gallery__item">
            <a href={largest(photo)} data-replay={`photo-${i}`} onClick={openAt(i)}>
              <img
                src={src(photo.sizes[0]!.key)}
                srcSet={srcSetOf(photo)}
                sizes={i === 0 ? '(max-width: 760px) 100vw, 66vw' : '(max-width: 760px) 100vw, 33vw'}
                width={photo.width}
                height={photo.height}
                alt={alt(i)}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                decoding="async"
              />
            </a>
          </li>
        ))}
      </ul>
      <p className="listing-gallery__count">{t(messages, 'homes.gallery.count', { total: photos.length })}</p>
      <dialog
        ref={dialog}
        className="listing-viewer"
        aria-label={t(messages, 'homes.gallery.viewer', { address })}
        onKeyDown={onKey}
        onClose={() => {
          setOpen(null)
          opener.current?.focus()
        }}
      >
        {open !== null ? (
          <>
            <div className="listing-viewer__bar">
              <p className="listing-viewer__position" aria-live="polite">
                {t(messages, 'homes.gallery.position', { n: current + 1, total: photos.length })}
              </p>
              <button type="button" className="listing-viewer__close" onClick={close}>
                {t(messages, 'homes.gallery.close')}
              </button>
            </div>
            <ul className="listing-viewer__strip" ref={strip} onScroll={onScroll}>
              {photos.map((photo, i) => (
                <li key={photo.sizes[0]!.key} className="listing-viewer__item">
                  <img
                    src={largest(photo)}
                    srcSet={srcSetOf(photo)}
                    sizes="100vw"
                    width={photo.width}
                    height={photo.height}
                    alt={alt(i)}
                    loading={Math.abs(i - open) <= 1 ? 'eager' : 'lazy'}
                    decoding="async"
                  />
                </li>
              ))}
            </ul>
            <button
              type="button"
              className="listing-viewer__step listing-viewer__step--prev"
              onClick={() => go(-1)}
              disabled={current === 0}
              aria-label={t(messages, 'homes.gallery.previous')}
            >
              ‹
            </button>
            <button
              type="button"
              className="listing-viewer__step listing-viewer__step--next"
              onClick={() => go(1)}
              disabled={current === photos.length - 1}
              aria-label={t(messages, 'homes.gallery.next')}
            >
              ›
            </button>
          </>
        ) : null}
      </dialog>
    </div>
  )
}
