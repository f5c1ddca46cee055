// The gallery: many photos in the order the homepage shows them. Reorder by dragging a tile's handle
// (pointer events: mouse, pen and touch alike), by the arrow keys on the focused handle, or by the move
// buttons; each move is announced in a live region. Each photo can be removed, and has a caption for the
// Korean page and one for the English page (Photo.caption / captionEn, issue 33), each shown only on its own.
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react'
import type { Photo } from '../../../lib/realtors/types'
import { type Messages, t } from '../../lib/messages'
import { FileButton } from './FileButton'

/** `list` with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item as T)
  return next
}

export function Gallery({
  photos,
  messages,
  onFiles,
  onChange,
}: {
  photos: Photo[]
  messages: Messages
  onFiles: (files: File[]) => void
  onChange: (photos: Photo[]) => void
}) {
  const m = (key: string, values?: Record<string, string | number>) => t(messages, key, values)
  const [drag, setDrag] = useState<{ from: number; over: number } | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const handles = useRef(new Map<string, HTMLButtonElement>())
  const shown = drag ? moveItem(photos, drag.from, drag.over) : photos
  const total = photos.length
  const name = m('builder.photo.gallery')

  /** `photo` with its caption of one page set; an emptied caption is removed, not stored as ''. */
  function caption(photo: Photo, field: 'caption' | 'captionEn', value: string) {
    onChange(
      photos.map((item) => {
        if (item !== photo) return item
        const { [field]: _old, ...rest } = item
        return value ? { ...rest, [field]: value } : rest
      }),
    )
  }

  function move(from: number, to: number, refocus = true) {
    if (to < 0 || to >= total || from === to) return
    const url = photos[from]!.url
    onChange(moveItem(photos, from, to))
    setAnnouncement(m('builder.photo.moved', { position: to + 1, total }))
    if (refocus) requestAnimationFrame(() => handles.current.get(url)?.focus())
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key]
    if (step === undefined) return
    event.preventDefault()
    move(index, index + step)
  }

  const dragHandlers = (index: number) => ({
    onPointerDown(event: PointerEvent<HTMLButtonElement>) {
      event.currentTarget.setPointerCapture(event.pointerId)
      setDrag({ from: index, over: index })
    },
    onPointerMove(event: PointerEvent<HTMLButtonElement>) {
      if (!drag) return
      const tile = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>('[data-gallery-index]')
      const over = tile ? Number(tile.dataset.galleryIndex) : drag.over
      if (over !== drag.over) setDrag({ ...drag, over })
    },
    onPointerUp() {
      if (drag) move(drag.from, drag.over, false)
      setDrag(null)
    },
    onPointerCancel: () => setDrag(null),
  })

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group titled by its heading, not a landmark (unique beside the preview frame's own gallery region)
    <section
      className="photo-gallery"
      role="group"
      aria-labelledby="photo-slot-gallery"
      data-testid="photo-slot-gallery"
    >
      <div className="photo-gallery__head">
        <div>
          <h3 id="photo-slot-gallery">{name}</h3>
          <p className="photo-slot__where">{m('builder.photo.where.gallery')}</p>
        </div>
        <FileButton
          path="gallery"
          multiple
          className="button button--small"
          label={m('builder.photo.addGallery')}
          onFiles={onFiles}
        >
          {m('builder.photo.addGallery')}
        </FileButton>
      </div>
      {total > 1 ? (
        <p className="field__hint" id="gallery-howto">
          {m('builder.photo.reorderHint')}
        </p>
      ) : null}
      {total === 0 ? <p className="photo-gallery__empty">{m('builder.photo.galleryEmpty')}</p> : null}
      <ol className="gallery-grid">
        {shown.map((photo, index) => {
          const label = m('builder.photo.galleryItem', { position: index + 1, total })
          return (
            <li
              key={photo.url}
              className={`gallery-tile${drag && drag.over === index ? ' is-dragging' : ''}`}
              data-gallery-index={index}
            >
              <img src={photo.url} alt="" loading="lazy" draggable={false} />
              <button
                type="button"
                className="gallery-tile__handle"
                ref={(node) => {
                  if (node) handles.current.set(photo.url, node)
                  else handles.current.delete(photo.url)
                }}
                aria-label={label}
                aria-roledescription={m('builder.photo.sortable')}
                aria-describedby={total > 1 ? 'gallery-howto' : undefined}
                onKeyDown={(event) => onKeyDown(event, index)}
                {...dragHandlers(index)}
              >
                <span aria-hidden="true">⠿</span>
              </button>
              <span className="gallery-tile__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="gallery-tile__actions">
                <button
                  type="button"
                  aria-label={m('builder.photo.moveEarlier', { position: index + 1 })}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  ←
                </button>
                <button
                  type="button"
                  aria-label={m('builder.photo.moveLater', { position: index + 1 })}
                  disabled={index === total - 1}
                  onClick={() => move(index, index + 1)}
                >
                  →
                </button>
                <button
                  type="button"
                  aria-label={m('builder.photo.removeGallery', { position: index + 1 })}
                  onClick={() => onChange(photos.filter((item) => item !== photo))}
                >
                  ×
                </button>
              </span>
              <span className="gallery-tile__captions">
                {(['caption', 'captionEn'] as const).map((field) => {
                  const id = `gallery-${field}-${index}`
                  return (
                    <span key={field} className="gallery-tile__caption">
                      <label htmlFor={id}>{m(`gallery.editor.${field}`)}</label>
                      <input
                        id={id}
                        type="text"
                        maxLength={200}
                        lang={field === 'caption' ? 'ko' : 'en'}
                        value={photo[field] ?? ''}
                        onChange={(event) => caption(photo, field, event.currentTarget.value)}
                      />
                    </span>
                  )
                })}
              </span>
            </li>
          )
        })}
      </ol>
      <p className="visually-hidden" aria-live="polite" data-testid="gallery-announcement">
        {announcement}
      </p>
    </section>
  )
}
