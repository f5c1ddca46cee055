// The recommended video: a poster that becomes YouTube's privacy-enhanced player in the same box when
// clicked, so nothing reaches YouTube before the click (docs/decisions/035-video-embed.md). Without
// JavaScript the poster is a link to the video on YouTube.

import { type MouseEvent, useEffect, useRef, useState } from 'react'
import { photoAttrs } from '../../lib/photos/srcset'
import { type Messages, t } from '../lib/messages'
import { takePendingClick } from '../pending-click'

/** The messages this island reads (src/lib/island-messages.ts). */
export const VIDEO_EMBED_MESSAGES = ['home.video.play', 'home.video.frameTitle'] as const

export interface VideoEmbedProps {
  /** A YouTube video id (src/lib/youtube.ts youtubeVideo). */
  id: string
  /** The second the realtor's link starts the video at, if it named one. */
  start?: number | null
  /** The realtor's name, for the player's title. */
  name: string
  /** A photo of the realtor's own (this site's or their URL) drawn behind the play button, if any. */
  poster: string | null
  messages: Messages
}

/** A click the browser should handle itself: a new tab or window, a download. */
const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey

export default function VideoEmbed({ id, start = null, name, poster, messages }: VideoEmbedProps) {
  const [playing, setPlaying] = useState(false)
  const link = useRef<HTMLAnchorElement>(null)
  const frame = useRef<HTMLIFrameElement>(null)

  // The click that loaded this island plays the video once it is live (src/client/pending-click.ts).
  useEffect(() => {
    if (takePendingClick(link.current) === 'play') setPlaying(true)
  }, [])
  // The poster link is gone: focus moves to the player that took its place, not to the page's start.
  useEffect(() => {
    if (playing) frame.current?.focus()
  }, [playing])

  if (playing) {
    return (
      <iframe
        ref={frame}
        className="home-video__frame"
        src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1${start ? `&start=${start}` : ''}`}
        title={t(messages, 'home.video.frameTitle', { name })}
        width={1280}
        height={720}
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
        allowFullScreen
        // The player's document replacing the frame's first one can drop that focus to the page: taken back
        // then, unless the visitor has moved on to something else meanwhile.
        onLoad={() => {
          if (document.activeElement === document.body) frame.current?.focus()
        }}
      />
    )
  }
  return (
    <a
      ref={link}
      className="home-video__poster"
      href={`https://www.youtube.com/watch?v=${id}${start ? `&t=${start}` : ''}`}
      target="_blank"
      rel="noopener noreferrer"
      data-replay="play"
      onClick={(event) => {
        if (opensElsewhere(event)) return
        event.preventDefault()
        setPlaying(true)
      }}
    >
      {poster ? (
        <img
          {...photoAttrs(poster, '(max-width: 1200px) 100vw, 1200px')}
          alt=""
          width={1280}
          height={720}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <span className="home-video__play" aria-hidden="true" />
      <span className="home-video__label">{t(messages, 'home.video.play')}</span>
    </a>
  )
}
