// The homepage's photo gallery, recommended video and the realtor's additional sections.
import { GALLERY_STRIP_MESSAGES, GalleryStripView } from '../../../client/components/GalleryStripView'
import VideoEmbed, { VIDEO_EMBED_MESSAGES } from '../../../client/islands/VideoEmbed'
import { pickPhoto } from '../../../lib/home/photos'
import { messagesOf } from '../../../lib/island-messages'
import type { Locale } from '../../../lib/locale'
import { photoAttrs } from '../../../lib/photos/srcset'
import { sectionsIn } from '../../../lib/realtors/sections'
import type { Photo } from '../../../lib/realtors/types'
import { youtubeVideo } from '../../../lib/youtube'
import { Island } from '../../Island'
import type { TenantFrame } from '../TenantLayout'
import { Paragraphs } from './Paragraphs'
import { tOf } from './t'

/** A gallery photo's caption on a page of `locale`: that language's own, never the other's; none when empty. */
export const captionIn = (photo: Photo, locale: Locale): string | undefined =>
  (locale === 'en' ? photo.captionEn : photo.caption)?.trim() || undefined

/** A gallery photo's width: 78% of a phone's column, at most 40% of the 1,200 px page (listings.css). */
export const GALLERY_SIZES = '(max-width: 760px) 80vw, 480px'

/** The realtor's photos in a strip; a photo opens full screen (GalleryStrip), or as an image without JS. */
export function Gallery({ frame }: { frame: TenantFrame }) {
  const { ctx, name, photos } = frame
  const t = tOf(ctx)
  if (!photos.gallery.length) return null
  return (
    <section className="home-section home-gallery" aria-labelledby="gallery-title">
      <h2 id="gallery-title">{t('home.gallery.title')}</h2>
      <Island
        name="GalleryStrip"
        // The server renders the view alone; the island adds the viewer (decision 114).
        component={GalleryStripView}
        props={{
          photos: photos.gallery.map((photo, index) => ({
            ...photoAttrs(photo.url, GALLERY_SIZES),
            alt: t('home.gallery.alt', { index: index + 1, name }),
            caption: captionIn(photo, ctx.locale),
          })),
          label: t('gallery.viewer', { name }),
          messages: messagesOf(ctx.locale, GALLERY_STRIP_MESSAGES),
        }}
        hydrate="interaction"
      />
    </section>
  )
}

/** A poster that plays the video in place on click; the poster is the realtor's top photo, not YouTube's. */
export function Video({ frame }: { frame: TenantFrame }) {
  const { ctx, name, photos } = frame
  const t = tOf(ctx)
  const video = youtubeVideo(frame.realtor.recommendedYoutubeUrl)
  if (!video) return null
  return (
    <section className="home-section home-video" aria-labelledby="video-title">
      <h2 id="video-title">{t('home.video.title')}</h2>
      <Island
        name="VideoEmbed"
        component={VideoEmbed}
        props={{
          id: video.id,
          start: video.start,
          name,
          poster: pickPhoto(photos.top)?.url ?? null,
          messages: messagesOf(ctx.locale, VIDEO_EMBED_MESSAGES),
        }}
        hydrate="interaction"
      />
    </section>
  )
}

/** The extra sections in the page's language only (docs/decisions/111). */
export function AdditionalSections({ frame }: { frame: TenantFrame }) {
  return (
    <>
      {sectionsIn(frame.realtor.additionalSections ?? [], frame.ctx.locale).map((section, index) => (
        <section key={index} className="home-section home-extra" aria-label={section.title || undefined}>
          {section.title ? <h2>{section.title}</h2> : null}
          <Paragraphs text={section.content} />
        </section>
      ))}
    </>
  )
}
