// Secure headers on every response (docs/decisions/012-api-errors-and-cors.md): a strict CSP with a per-request nonce and
// no inline scripts, HSTS, nosniff, Referrer-Policy, frame-ancestors. HSTS pins the provider's subdomains
// too; a realtor's own domain only itself, since its other subdomains are the realtor's, not ours to pin
// (docs/decisions/087-sign-in-on-the-provider-host.md).
import { createMiddleware } from 'hono/factory'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import type { AppEnv } from '../env'
import { isProviderSite, type Site } from '../lib/tenant'

const TWO_YEARS = 'max-age=63072000'
const PROVIDER_HSTS = `${TWO_YEARS}; includeSubDomains`
const REALTOR_DOMAIN_HSTS = TWO_YEARS

const headersWith = (strictTransportSecurity: string) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameSrc: ['https://www.youtube-nocookie.com'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
    strictTransportSecurity,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'SAMEORIGIN',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  })

export const securityHeaders = () => {
  const provider = headersWith(PROVIDER_HSTS)
  const realtorDomain = headersWith(REALTOR_DOMAIN_HSTS)
  return createMiddleware<AppEnv>(function securityHeaders(c, next) {
    // A response made before the site is known (an app without requestDefaults) pins only its own host.
    const site = c.get('site') as Site | undefined
    return (site && isProviderSite(site) ? provider : realtorDomain)(c, next)
  })
}
