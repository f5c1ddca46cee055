// One photo slot (logo, portrait, hero…): where it shows on the homepage, the photo the homepage uses
// (the live page's own rule, src/lib/home/photos.ts), Replace and Remove; an empty slot is an "Add photo"
// target, and favicon and share image show the default they fall back to.
import { faviconPhoto, type PhotoGroups, photoInUse, sharingPhoto } from '../../../lib/home/photos'
import type { Photo, PhotoPath } from '../../../lib/realtors/types'
import { type Messages, t } from '../../lib/messages'
import { FileButton } from './FileButton'

/** What the homepage shows for a slot the realtor left empty (one rule with the tenant head). */
function fallbackOf(groups: PhotoGroups, path: PhotoPath): Photo | undefined {
  if (path === 'favicon') return faviconPhoto(groups)
  if (path === 'ogImage') return sharingPhoto(groups)
  return undefined
}

export function PhotoSlot({
  path,
  groups,
  messages,
  onFiles,
  onRemove,
}: {
  path: PhotoPath
  groups: PhotoGroups
  messages: Messages
  onFiles: (files: File[]) => void
  onRemove: () => void
}) {
  const m = (key: string, values?: Record<string, string>) => t(messages, key, values)
  const name = m(`builder.photo.${path}`)
  const own = photoInUse(groups, path)
  const fallback = own ? undefined : fallbackOf(groups, path)
  const shown = own ?? fallback
  const headingId = `photo-slot-${path}`
  return (
    <section className="photo-slot" aria-labelledby={headingId} data-testid={`photo-slot-${path}`}>
      <div className={`photo-slot__frame photo-slot__frame--${path}${fallback ? ' is-default' : ''}`}>
        {shown ? (
          <img src={shown.url} alt={m('builder.photo.inUseAlt', { path: name })} />
        ) : (
          <FileButton
            path={path}
            className="photo-slot__add"
            label={m('builder.photo.addOne', { path: name })}
            onFiles={onFiles}
          >
            <span aria-hidden="true" className="photo-slot__plus">
              +
            </span>
            {m('builder.photo.add')}
          </FileButton>
        )}
      </div>
      <div className="photo-slot__body">
        <h3 id={headingId}>{name}</h3>
        <p className="photo-slot__where">{m(`builder.photo.where.${path}`)}</p>
        <p className={`photo-slot__state${own ? ' is-used' : ''}`}>
          {own
            ? m('builder.photo.inUse')
            : fallback
              ? m('builder.photo.usingDefault', { source: m(`builder.photo.${fallback.path}`) })
              : m('builder.photo.none')}
        </p>
        {own || fallback ? (
          <div className="photo-slot__actions">
            <FileButton
              path={path}
              className="button button--small"
              label={m(own ? 'builder.photo.replaceOne' : 'builder.photo.addOne', { path: name })}
              onFiles={onFiles}
            >
              {m(own ? 'builder.photo.replace' : 'builder.photo.add')}
            </FileButton>
            {own ? (
              <button
                type="button"
                className="button button--small button--danger"
                aria-label={m('builder.photo.removeOne', { path: name })}
                onClick={onRemove}
              >
                {m('builder.photo.remove')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  )
}
