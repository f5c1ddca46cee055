// A homepage's gallery (issue 33): the strip of src/client/components/GalleryStripView.tsx (each photo a link
// to the full-size image, its caption in the page's language under it); live, a photo opens the
// full-screen viewer the listings' photos use (src/client/components/PhotoViewer.tsx).
import { useRef } from 'react'
import { type GalleryStripProps, GalleryStripView } from '../components/GalleryStripView'
import { PhotoViewer, usePhotoViewer } from '../components/PhotoViewer'

export { GALLERY_STRIP_MESSAGES, type GalleryStripProps } from '../components/GalleryStripView'

export default function GalleryStrip(props: GalleryStripProps) {
  const root = useRef<HTMLDivElement>(null)
  const { open, openAt, onClose } = usePhotoViewer(root)
  return (
    <GalleryStripView
      {...props}
      root={root}
      openAt={openAt}
      viewer={(label) => (
        <PhotoViewer
          photos={props.photos.map(({ src, alt, caption }) => ({ src, alt, caption }))}
          open={open}
          label={label}
          messages={props.messages}
          onClose={onClose}
        />
      )}
    />
  )
}
