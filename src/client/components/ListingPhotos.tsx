// A listing's photos as the server renders them and the HomeGallery island hydrates (./photo-strip.tsx).
import type { ListingPhoto } from '../../lib/mls/record'
import { type Messages, t } from '../lib/messages'
import { closedViewer, photoReplay, type ViewParts } from './photo-strip'

/** The messages the HomeGallery island reads. */
export const HOME_GALLERY_MESSAGES = ['homes.gallery.'] as const

export interface HomeGalleryProps {
  photos: ListingPhoto[]
  /** The home's address: each photo's alternative text names it and its place in the set. */
  address: string
  messages: Messages
}

const photoSrc = (key: string) => `/photos/${key}`
export const srcSetOf = (photo: ListingPhoto) =>
  photo.sizes.map((size) => `${photoSrc(size.key)} ${size.width}w`).join(', ')
export const largest = (photo: ListingPhoto) => photoSrc(photo.sizes.at(-1)!.key)
export const listingAlt = ({ photos, address, messages }: HomeGalleryProps, i: number) =>
  photos[i]?.alt || t(messages, 'homes.gallery.alt', { address, n: i + 1, total: photos.length })
export const listingViewerLabel = ({ address, messages }: HomeGalleryProps) =>
  t(messages, 'homes.gallery.viewer', { address })

/** A home's photos: a strip that swipes on a phone (CSS scroll snap), each photo a link to its largest size. */
export function ListingPhotos(props: HomeGalleryProps & ViewParts) {
  const { photos, messages, root, openAt, viewer = closedViewer } = props
  if (photos.length === 0) return <p className="home-gallery__none">{t(messages, 'homes.gallery.none')}</p>
  return (
    <div className="listing-gallery" ref={root}>
      <ul className="listing-gallery__strip" aria-label={t(messages, 'homes.gallery.label', { total: photos.length })}>
        {photos.map((photo, i) => (
          <li key={photo.sizes[0]!.key} className="listing-gallery__item">
            <a href={largest(photo)} data-replay={photoReplay(i)} onClick={openAt?.(i)}>
              <img
                src={photoSrc(photo.sizes[0]!.key)}
                srcSet={srcSetOf(photo)}
                sizes={i === 0 ? '(max-width: 760px) 100vw, 66vw' : '(max-width: 760px) 100vw, 33vw'}
                width={photo.width}
                height={photo.height}
                alt={listingAlt(props, i)}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                decoding="async"
              />
            </a>
          </li>
        ))}
      </ul>
      <p className="listing-gallery__count">{t(messages, 'homes.gallery.count', { total: photos.length })}</p>
      {viewer(listingViewerLabel(props))}
    </div>
  )
}
