// A home's photos (issue 30): the strip of src/client/components/ListingPhotos.tsx (each photo a link to
// its largest size, so it opens without JavaScript); live, a photo opens the full-screen viewer
// (src/client/components/PhotoViewer.tsx), the same one as a homepage's gallery.
import { useRef } from 'react'
import { type HomeGalleryProps, ListingPhotos, largest, listingAlt, srcSetOf } from '../components/ListingPhotos'
import { PhotoViewer, usePhotoViewer } from '../components/PhotoViewer'

export { HOME_GALLERY_MESSAGES, type HomeGalleryProps } from '../components/ListingPhotos'

export default function HomeGallery(props: HomeGalleryProps) {
  const root = useRef<HTMLDivElement>(null)
  const { open, openAt, onClose } = usePhotoViewer(root)
  return (
    <ListingPhotos
      {...props}
      root={root}
      openAt={openAt}
      viewer={(label) => (
        <PhotoViewer
          photos={props.photos.map((photo, i) => ({
            src: largest(photo),
            srcSet: srcSetOf(photo),
            width: photo.width,
            height: photo.height,
            alt: listingAlt(props, i),
          }))}
          open={open}
          label={label}
          messages={props.messages}
          onClose={onClose}
        />
      )}
    />
  )
}
