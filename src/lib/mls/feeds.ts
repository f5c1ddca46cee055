// A feed's configuration (README "Listings feeds", docs/config.md): on when RESO_{FEED}_BASE_URL is set,
// and then its token endpoint and OAuth2 client must be too (checked with the rest of the configuration).
import type { Bindings } from '../config'
import { isHttpUrl } from '../html'
import { MLS_FEEDS, type MlsFeed } from './record'
import type { ResoFeedConfig } from './reso-client'

export const FEED_VARS = {
  crmls: ['RESO_CRMLS_BASE_URL', 'RESO_CRMLS_TOKEN_URL', 'RESO_CRMLS_CLIENT_ID', 'RESO_CRMLS_CLIENT_SECRET'],
  fmls: ['RESO_FMLS_BASE_URL', 'RESO_FMLS_TOKEN_URL', 'RESO_FMLS_CLIENT_ID', 'RESO_FMLS_CLIENT_SECRET'],
} as const satisfies Record<MlsFeed, readonly (keyof Bindings)[]>

/** The feed's endpoints and client, or null when the feed is off (its base URL empty). */
export function feedConfigOf(env: Partial<Bindings>, feed: MlsFeed): ResoFeedConfig | null {
  const [baseUrl = '', tokenUrl = '', clientId = '', clientSecret = ''] = FEED_VARS[feed].map(
    (name) => env[name]?.trim() ?? '',
  )
  return baseUrl ? { baseUrl, tokenUrl, clientId, clientSecret } : null
}

/** The variables a feed needs when it is on: the problems of config.ts's check. */
export function feedProblems(env: Partial<Bindings>): string[] {
  const problems: string[] = []
  for (const feed of MLS_FEEDS) {
    const names = FEED_VARS[feed]
    const values = names.map((name) => env[name]?.trim() ?? '')
    if (!values[0]) continue
    for (const [i, name] of names.entries()) {
      if (!values[i]) problems.push(`${name} must be set when ${names[0]} is (the feed's OAuth2 client)`)
      else if (i < 2 && !isHttpUrl(values[i] as string)) problems.push(`${name} must be an absolute http(s) URL`)
    }
  }
  for (const name of ['RESO_PAGE_SIZE', 'RESO_MAX_PAGES_PER_STEP'] as const)
    if (env[name]?.trim() && !/^[1-9]\d{0,3}$/.test(env[name].trim()))
      problems.push(`${name} must be a whole number from 1 to 9999`)
  return problems
}
