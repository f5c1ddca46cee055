// A homepage's gallery as the server renders it and the GalleryStrip island hydrates (./photo-strip.tsx).
import type { Messages } from '../lib/messages'
import { closedViewer, PHOTO_VIEWER_MESSAGES, photoReplay, type ViewParts } from './photo-strip'

/** The messages the GalleryStrip island reads: the viewer's (its name comes translated in `label`). */
export const GALLERY_STRIP_MESSAGES = PHOTO_VIEWER_MESSAGES

export interface GalleryPhoto {
  /** The photo's URL: the strip's image and the link's full-size target. */
  src: string
  /** The strip's smaller sizes, when the photo has them. */
  srcSet?: string
  sizes?: string
  alt: string
  /** The caption in the page's language, absent when the realtor wrote none in it. */
  caption?: string
}

export interface GalleryStripProps {
  photos: GalleryPhoto[]
  /** The viewer's name: "Gallery of Jane Kim". */
  label: string
  messages: Messages
}

/** The realtor's photos in a strip that scrolls sideways, each a link to the full-size image, its caption under it. */
export function GalleryStripView({
  photos,
  label,
  root,
  openAt,
  viewer = closedViewer,
}: GalleryStripProps & ViewParts) {
  return (
    <div className="home-gallery__scroller" ref={root}>
      <ul className="home-gallery__strip">
        {photos.map((photo, i) => (
          <li key={photo.src} className="home-gallery__item">
            <a href={photo.src} data-replay={photoReplay(i)} onClick={openAt?.(i)}>
              <img
                src={photo.src}
                srcSet={photo.srcSet}
                sizes={photo.sizes}
                alt={photo.alt}
                width={480}
                height={320}
                loading="lazy"
              />
            </a>
            {photo.caption ? <p className="home-gallery__caption">{photo.caption}</p> : null}
          </li>
        ))}
      </ul>
      {viewer(label)}
    </div>
  )
}
