// Environment rules of docs/product.md §9: development-host detection, the habit-domain check, device type,
// and the browser monitoring settings.

export interface ProductHosts {
  /** The realtor development host, e.g. realtor.dev.example.com. */
  devHost: string
  /** The realtor production host. */
  prodHost: string
}

/** Development when the host starts with `dev.`, contains `:300` or `localhost`, or is the realtor dev host. */
export function isDevelopmentHost(host: string, { devHost }: ProductHosts): boolean {
  const h = host.toLowerCase()
  return h.startsWith('dev.') || h.includes(':300') || h.includes('localhost') || hostname(h) === devHost
}

/** The habit-domain check: localhost, `:300`, and the realtor development and production hosts. */
export function isHabitDomain(host: string, { devHost, prodHost }: ProductHosts): boolean {
  const h = host.toLowerCase()
  const name = hostname(h)
  return h.includes('localhost') || h.includes(':300') || name === devHost || name === prodHost
}

function hostname(host: string): string {
  return host.replace(/:\d+$/, '')
}

export type DeviceType = 'mobile' | 'tablet' | 'desktop'

/** Mobile and tablet detection by user agent (docs/product.md §9). Tablets are checked first: iPads and Android without "Mobile". */
export function deviceType(userAgent: string | null | undefined): DeviceType {
  const ua = userAgent ?? ''
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)|SM-T\d|Android(?!.*Mobile)/i.test(ua)) return 'tablet'
  if (/Mobi|iPhone|iPod|Android.*Mobile|BlackBerry|IEMobile|Opera Mini|webOS|Windows Phone/i.test(ua)) return 'mobile'
  return 'desktop'
}

export interface BrowserMonitoringConfig {
  clientToken: string
  service: 'realtor-front'
  env: string
  sessionSampleRate: 100
  sessionReplaySampleRate: 100
  defaultPrivacyLevel: 'allow'
  allowedTracingUrls: string[]
}

/**
 * Browser monitoring settings (docs/product.md §9), or null when no client token is configured.
 * Environment is `local` when the address contains localhost, else the configured one.
 */
export function browserMonitoringConfig(
  address: string,
  opts: { clientToken?: string | undefined; environment: string; hosts: ProductHosts },
): BrowserMonitoringConfig | null {
  if (!opts.clientToken) return null
  return {
    clientToken: opts.clientToken,
    service: 'realtor-front',
    env: address.includes('localhost') ? 'local' : opts.environment,
    sessionSampleRate: 100,
    sessionReplaySampleRate: 100,
    defaultPrivacyLevel: 'allow',
    allowedTracingUrls: [`https://${opts.hosts.prodHost}`, `https://${opts.hosts.devHost}`],
  }
}

/** Crawlers get the whole document at once (React's allReady) rather than a progressive stream. */
export function isBot(userAgent: string | null | undefined): boolean {
  return /bot|crawler|spider|crawling|slurp|facebookexternalhit|embedly|quora link preview|lighthouse/i.test(
    userAgent ?? '',
  )
}

/**
 * HTTP libraries, command-line tools and headless browsers as they name themselves: no person is reading.
 * A script that lies about its agent is left to the view counting's own limits (docs/decisions/090).
 */
const SCRIPTED =
  /\b(?:curl|wget|python-requests|python-urllib|python-httpx|aiohttp|httpx|go-http-client|java\/|okhttp|apache-httpclient|axios|node-fetch|undici|got \(|libwww-perl|lwp::|httpie|postmanruntime|insomnia|scrapy|headlesschrome|phantomjs|puppeteer|playwright|selenium|webdriver|guzzlehttp|ruby|dart:io|reqwest|powershell)\b/i

/** A request no person made: a self-declared bot, a script or headless browser, or one naming no agent at all. */
export function isAutomated(userAgent: string | null | undefined): boolean {
  const agent = userAgent?.trim() ?? ''
  return agent === '' || isBot(agent) || SCRIPTED.test(agent)
}
