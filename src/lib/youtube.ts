// YouTube links as realtors paste them (share, watch, shorts, live and embed links, channel addresses; with
// or without a scheme), read in one place and written back in the one form the spec's validator expects,
// `https://www.youtube.com/…` (docs/decisions/104-pasted-links.md). Browser-safe: the schema, the editor
// and the homepage all read links through it.
import { parsePastedUrl } from './html'

export const YOUTUBE_PREFIX = 'https://www.youtube.com/'

/** A video, with the second it starts at when the link named one; or a channel's path (`@handle`, `channel/UC…`). */
export type YoutubeLink = { kind: 'video'; id: string; start: number | null } | { kind: 'channel'; path: string }

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/
const SITE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com'])
const EMBED_HOSTS = new Set(['youtube-nocookie.com', 'www.youtube-nocookie.com'])
const VIDEO_PATH = /^\/(?:embed|shorts|live|v)\/([^/]+)\/?$/
/** The channel addresses YouTube gives: a handle, a custom or legacy name, a channel id; a tab after it is dropped. */
const CHANNEL_PATH = /^\/(@[^/]+|(?:c|user)\/[^/]+|channel\/UC[A-Za-z0-9_-]{22})(?:\/[^/]*)?$/
const CHANNEL_NAME = /^@?[\p{L}\p{M}\p{N}._·-]{1,100}$/u

/** `t=42`, `t=42s`, `t=1m30s`, `start=90` as whole seconds; null when absent, zero or not a time. */
function startOf(params: URLSearchParams): number | null {
  const value = params.get('t') ?? params.get('start')
  const parts = value ? /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/.exec(value) : null
  if (!parts) return null
  const seconds = Number(parts[1] ?? 0) * 3600 + Number(parts[2] ?? 0) * 60 + Number(parts[3] ?? 0)
  return seconds > 0 ? seconds : null
}

const video = (id: string | null | undefined, params: URLSearchParams): YoutubeLink | null =>
  id && VIDEO_ID.test(id) ? { kind: 'video', id, start: startOf(params) } : null

function channel(path: string): YoutubeLink | null {
  let name: string
  try {
    name = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1))
  } catch {
    return null
  }
  return CHANNEL_NAME.test(name) ? { kind: 'channel', path } : null
}

/** What a YouTube link points at; null when it is not a link to a video or a channel on YouTube. */
export function parseYoutube(value: string): YoutubeLink | null {
  const url = parsePastedUrl(value)
  if (!url || url.port || url.username || url.password) return null
  const host = url.hostname.toLowerCase()
  const path = url.pathname
  if (host === 'youtu.be' || host === 'www.youtu.be') return video(/^\/([^/]+)\/?$/.exec(path)?.[1], url.searchParams)
  if (EMBED_HOSTS.has(host)) return video(/^\/embed\/([^/]+)\/?$/.exec(path)?.[1], url.searchParams)
  if (!SITE_HOSTS.has(host)) return null
  if (path === '/watch' || path === '/watch/') return video(url.searchParams.get('v'), url.searchParams)
  const videoPath = VIDEO_PATH.exec(path)
  if (videoPath) return video(videoPath[1], url.searchParams)
  const channelPath = CHANNEL_PATH.exec(path)
  return channelPath?.[1] ? channel(channelPath[1]) : null
}

/** The stored form of a link: `https://www.youtube.com/watch?v=ID` (`&t=SECONDS`) or `https://www.youtube.com/@handle`. */
export function canonicalYoutubeUrl(link: YoutubeLink): string {
  if (link.kind === 'channel') return `${YOUTUBE_PREFIX}${link.path}`
  return `${YOUTUBE_PREFIX}watch?v=${link.id}${link.start ? `&t=${link.start}` : ''}`
}

/** The video a link plays, with its start; null for a channel or anything not YouTube's. */
export function youtubeVideo(url: string): { id: string; start: number | null } | null {
  const link = parseYoutube(url)
  return link?.kind === 'video' ? { id: link.id, start: link.start } : null
}

/** A YouTube video id from a watch, share, shorts, live or embed link; null when the link plays no video. */
export const youtubeId = (url: string): string | null => youtubeVideo(url)?.id ?? null
