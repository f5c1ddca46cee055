// Every photo slot of docs/product.md §3 in one place (docs/decisions/045-photo-slots.md): each single
// slot shows the photo the homepage uses with Replace and Remove, the gallery holds many in order. Files
// are checked, downscaled and stripped of EXIF in the browser (photos/resize.ts) and uploaded one by one
// with progress and Retry (photos/use-uploads.ts). New photos join the draft and are saved with Save.
import { useRef } from 'react'
import { groupPhotos, imageTypeOf } from '../../lib/home/photos'
import type { Photo, PhotoPath } from '../../lib/realtors/types'
import { type Messages, t } from '../lib/messages'
import type { EditorForm } from './form-binding'
import { Gallery } from './photos/Gallery'
import { PhotoSlot } from './photos/PhotoSlot'
import { UploadList } from './photos/UploadList'
import { useUploads } from './photos/use-uploads'

/** The single slots, in the order a realtor fills them: who they are, their brand, then where links show. */
const SLOTS: readonly PhotoPath[] = ['id', 'top', 'logo', 'id2', 'logo2', 'favicon', 'ogImage']

export function PhotoManager({
  form,
  messages,
  realtorId,
}: {
  form: EditorForm
  messages: Messages
  realtorId: number
}) {
  const photos = form.draft.photos
  // Uploads finish after renders: they build on the latest photos, not the ones of the render that started them.
  const latest = useRef(photos)
  latest.current = photos
  const setPhotos = (next: Photo[]) => {
    latest.current = next
    form.set('photos', next)
  }
  const uploads = useUploads(realtorId, messages, (path, url) => {
    const photo: Photo = { path, imageType: imageTypeOf(path), url }
    const current = latest.current
    // A single slot's new photo replaces what it had; the gallery grows.
    setPhotos(path === 'gallery' ? [...current, photo] : [...current.filter((p) => p.path !== path), photo])
  })
  const groups = groupPhotos(photos)

  return (
    <div className="photo-manager">
      <p id="photo-types" className="field__hint photo-manager__types">
        {t(messages, 'builder.photo.types')} · {t(messages, 'builder.photo.resizeHint')}
      </p>
      <UploadList items={uploads.items} messages={messages} onRetry={uploads.retry} onDismiss={uploads.dismiss} />
      <div className="photo-slots">
        {SLOTS.map((path) => (
          <PhotoSlot
            key={path}
            path={path}
            groups={groups}
            messages={messages}
            onFiles={(files) => uploads.add(files.slice(0, 1), path)}
            onRemove={() => setPhotos(latest.current.filter((photo) => photo.path !== path))}
          />
        ))}
      </div>
      <Gallery
        photos={groups.gallery}
        messages={messages}
        onFiles={(files) => uploads.add(files, 'gallery')}
        onChange={(gallery) => setPhotos([...latest.current.filter((photo) => photo.path !== 'gallery'), ...gallery])}
      />
    </div>
  )
}
