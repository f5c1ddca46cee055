// The homepage's photo gallery, recommended video and the realtor's additional sections.
import VideoEmbed, { VIDEO_EMBED_MESSAGES } from '../../../client/islands/VideoEmbed'
import { pickPhoto } from '../../../lib/home/photos'
import { messagesOf } from '../../../lib/island-messages'
import { photoAttrs } from '../../../lib/photos/srcset'
import { sectionsIn } from '../../../lib/realtors/sections'
import { youtubeVideo } from '../../../lib/youtube'
import { Island } from '../../Island'
import type { TenantFrame } from '../TenantLayout'
import { Paragraphs } from './Paragraphs'
import { tOf } from './t'

/** A gallery photo's width: 78% of a phone's column, at most 40% of the 1,200 px page (listings.css). */
export const GALLERY_SIZES = '(max-width: 760px) 80vw, 480px'

export function Gallery({ frame }: { frame: TenantFrame }) {
  const { ctx, name, photos } = frame
  const t = tOf(ctx)
  if (!photos.gallery.length) return null
  return (
    <section className="home-section home-gallery" aria-labelledby="gallery-title">
      <h2 id="gallery-title">{t('home.gallery.title')}</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable strip must be focusable for keyboard scrolling (WCAG) */}
      <div className="home-gallery__scroller" tabIndex={0}>
        <ul className="home-gallery__strip">
          {photos.gallery.map((photo, index) => (
            <li key={photo.url} className="home-gallery__item">
              <img
                {...photoAttrs(photo.url, GALLERY_SIZES)}
                alt={t('home.gallery.alt', { index: index + 1, name })}
                width={480}
                height={320}
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      </div>
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
      <p className="home-video__note">{t('home.video.note')}</p>
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
