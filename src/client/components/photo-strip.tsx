// What the two photo strips that open the full-screen viewer share: a listing's photos (ListingPhotos.tsx,
// the HomeGallery island) and a homepage's gallery (GalleryStripView.tsx, the GalleryStrip island). The
// server renders those views alone (the viewer's dialog closed and empty), so the viewer's code
// (PhotoViewer.tsx) stays out of the worker's bundle; each island renders the same view with the live
// viewer in that dialog's place.
import type { MouseEventHandler, ReactNode, Ref } from 'react'

/** The viewer's own texts (src/lib/island-messages.ts): an island that shows it names these too. */
export const PHOTO_VIEWER_MESSAGES = [
  'homes.gallery.position',
  'homes.gallery.close',
  'homes.gallery.previous',
  'homes.gallery.next',
] as const

/** The link that opens photo `i`: its data-replay name (src/client/pending-click.ts). */
export const photoReplay = (i: number) => `photo-${i}`

/** What an island adds to a view: the root (for held clicks), each link's click, the live viewer. */
export interface ViewParts {
  root?: Ref<HTMLDivElement>
  openAt?: (i: number) => MouseEventHandler
  /** The live viewer; the server renders its closed, empty dialog named `label` instead. */
  viewer?: (label: string) => ReactNode
}

export const closedViewer = (label: string) => <dialog className="photo-viewer" aria-label={label} />
