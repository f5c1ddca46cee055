// The realtor's KakaoTalk as they give it: a KakaoTalk ID, or a link to their open chat, channel or QR profile,
// with or without a scheme (docs/decisions/104-pasted-links.md). Browser-safe: the schema reads it, the
// homepage shows an ID as text and a link as a link.
import { parsePastedUrl } from './html'

/** Kakao's rule for an ID: 4–15 of lowercase letters, digits, `.`, `_` and `-`; the stored form. */
export const KAKAO_ID_PATTERN = /^[a-z0-9._-]{4,15}$/

/** Kakao's hosts for open chats (`/o/…`, `/me/…`), channels (`/_…`) and QR profiles. */
const KAKAO_HOSTS = new Set(['open.kakao.com', 'pf.kakao.com', 'qr.kakao.com'])

export type KakaoContact = { kind: 'id'; id: string } | { kind: 'link'; href: string }

/**
 * A value without a scheme or a `/` is an ID: one leading `@` is dropped and capitals are lowered (Kakao's IDs
 * have none), so `@Jane.Kim` is `jane.kim`. A Kakao link, with or without `https://`, is stored as
 * `https://{host}{path}`, its query and fragment dropped. Anything else is null: another site's link is for the
 * schema to judge, a bare host (`open.kakao.com`, `janekim.com` too long or not an ID) is refused.
 */
export function parseKakao(value: string): KakaoContact | null {
  const text = value.trim()
  if (!/[/:]/.test(text)) {
    const id = text.replace(/^@/, '').toLowerCase()
    return KAKAO_ID_PATTERN.test(id) && !KAKAO_HOSTS.has(id) ? { kind: 'id', id } : null
  }
  const url = kakaoUrlOf(text)
  if (!url || url.port || url.username || url.password) return null
  const path = url.pathname.replace(/\/+$/, '')
  return path ? { kind: 'link', href: `https://${url.hostname.toLowerCase()}${path}` } : null
}

/** The value as a URL on a Kakao host (`https://` added when it has no scheme), else null. */
function kakaoUrlOf(text: string): URL | null {
  const url = parsePastedUrl(text)
  return url && KAKAO_HOSTS.has(url.hostname.toLowerCase()) ? url : null
}

/** Whether a value names a Kakao host: then only parseKakao's reading of it may be stored. */
export const isKakaoHost = (value: string): boolean => kakaoUrlOf(value.trim()) !== null

/** The KakaoTalk ID a stored `kakaoLink` holds, for the homepage to show as text; null when it is a link or empty. */
export const kakaoIdOf = (kakaoLink: string | undefined): string | null =>
  kakaoLink && KAKAO_ID_PATTERN.test(kakaoLink) ? kakaoLink : null
