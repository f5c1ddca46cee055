// Photos by path (docs/product.md §3, §7): pick a position, choose files, upload them through the presigned
// multi-file flow with per-file progress (XMLHttpRequest), preview and remove. New photos join the
// draft and are stored with the next save.
import { useState } from 'react'
import { groupPhotos } from '../../lib/home/photos'
import { PHOTO_PATHS, type Photo, type PhotoPath } from '../../lib/realtors/types'
import { FormField } from '../components/FormField'
import { api, uploadWithProgress } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import type { EditorForm } from './form-binding'

const THUMBNAIL_PATHS: readonly PhotoPath[] = ['logo', 'logo2', 'favicon']
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif']

interface Upload {
  name: string
  percent: number
  error?: string
}

interface Grant {
  uploadUrl: string
  url: string
  contentType: string
}

export function PhotoManager({
  form,
  messages,
  realtorId,
}: {
  form: EditorForm
  messages: Messages
  realtorId: number
}) {
  const [path, setPath] = useState<PhotoPath>('gallery')
  const [uploads, setUploads] = useState<Upload[]>([])
  const photos = form.draft.photos
  const groups = groupPhotos(photos)

  async function upload(files: File[]) {
    if (files.length === 0) return
    setUploads(files.map((file) => ({ name: file.name, percent: 0 })))
    const network = t(messages, 'common.networkError')
    const fail = (index: number, message: string) =>
      setUploads((list) => list.map((item, i) => (i === index ? { ...item, error: message } : item)))
    const grants = await api<Grant[]>(
      '/v1/realtor/presigned-multi-file-upload',
      {
        method: 'POST',
        json: { realtorId, files: files.map((file) => ({ name: file.name, contentType: file.type, size: file.size })) },
      },
      network,
    )
    if (!grants.ok) {
      const message = grants.fields[0]?.message ?? grants.message
      for (const index of files.keys()) fail(index, message)
      return
    }
    const added: Photo[] = []
    await Promise.all(
      files.map(async (file, index) => {
        const grant = grants.data[index]!
        const result = await uploadWithProgress(
          grant.uploadUrl,
          file,
          grant.contentType,
          (fraction) =>
            setUploads((list) =>
              list.map((item, i) => (i === index ? { ...item, percent: Math.round(fraction * 100) } : item)),
            ),
          network,
        )
        if (!result.ok) return fail(index, result.message)
        added[index] = {
          path,
          imageType: THUMBNAIL_PATHS.includes(path) ? 'thumbnail' : 'fullsize',
          url: result.data.url,
        }
      }),
    )
    const uploaded = added.filter(Boolean)
    if (uploaded.length > 0) form.set('photos', [...form.draft.photos, ...uploaded])
    setUploads((list) => list.filter((item) => item.error))
  }

  return (
    <div className="photo-manager">
      <div className="photo-manager__upload">
        <FormField id="photo-path" label={t(messages, 'builder.field.contentType')} className="field">
          {(control) => (
            <select {...control} value={path} onChange={(event) => setPath(event.target.value as PhotoPath)}>
              {PHOTO_PATHS.map((value) => (
                <option key={value} value={value}>
                  {t(messages, `builder.photo.${value}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <label className="button button--small file-button">
          {t(messages, 'builder.photo.upload')}
          <input
            type="file"
            accept={ACCEPTED_TYPES.join(',')}
            multiple
            data-testid="photo-input"
            aria-describedby="photo-types"
            onChange={(event) => {
              void upload([...(event.target.files ?? [])])
              event.target.value = ''
            }}
          />
        </label>
        <p id="photo-types" className="field__hint">
          {t(messages, 'builder.photo.types')}
        </p>
      </div>
      <ul className="upload-list" aria-live="polite">
        {uploads.map((item) => (
          <li key={item.name} className={item.error ? 'field__error' : undefined}>
            {item.error ? (
              t(messages, 'builder.photo.failed', { name: item.name, message: item.error })
            ) : (
              <>
                {t(messages, 'builder.photo.uploading', { name: item.name, percent: item.percent })}
                <progress max={100} value={item.percent} />
              </>
            )}
          </li>
        ))}
      </ul>
      {PHOTO_PATHS.filter((value) => groups[value]?.length).map((value) => (
        <section key={value} className="photo-group" aria-label={t(messages, `builder.photo.${value}`)}>
          <h3>{t(messages, `builder.photo.${value}`)}</h3>
          <ul className="photo-grid">
            {groups[value]!.map((photo) => (
              <li key={photo.url} className="photo-tile">
                <img src={photo.url} alt="" loading="lazy" />
                <button
                  type="button"
                  className="photo-tile__remove"
                  aria-label={t(messages, 'builder.photo.removeOne', { path: t(messages, `builder.photo.${value}`) })}
                  onClick={() =>
                    form.set(
                      'photos',
                      photos.filter((item) => item !== photo),
                    )
                  }
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
