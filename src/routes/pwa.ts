// The builder's Web App Manifest (src/lib/app-manifest.ts), in Korean at /manifest.webmanifest and English
// at /en/manifest.webmanifest, on the provider's hosts and realtors' domains alike. No data of anyone's:
// mounted before the tenant is looked up, and cached like a static file.
import { Hono } from 'hono'
import type { AppEnv } from '../env'
import { appManifest } from '../lib/app-manifest'
import type { Locale } from '../lib/locale'
import { DOMAIN_PREFIX } from '../lib/tenant'

const app = new Hono<AppEnv>()
const HEADERS = { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'public, max-age=86400' }

for (const [path, locale] of [
  ['/manifest.webmanifest', 'ko'],
  ['/en/manifest.webmanifest', 'en'],
] as const satisfies readonly (readonly [string, Locale])[]) {
  for (const base of ['', DOMAIN_PREFIX])
    app.get(`${base}${path}`, (c) => c.body(JSON.stringify(appManifest(locale)), 200, HEADERS))
}

export default app
