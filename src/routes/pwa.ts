// The builder's Web App Manifest (src/lib/app-manifest.ts), in Korean at /manifest.webmanifest and English
// at /en/manifest.webmanifest, on the provider's hosts and realtors' domains alike. No data of anyone's:
// mounted before the tenant is looked up, and cached like a static file.
import { Hono } from 'hono'
import type { AppEnv } from '../env'
import { appManifest } from '../lib/app-manifest'
import { DEFAULT_LOCALE } from '../lib/locale'

const app = new Hono<AppEnv>()
const HEADERS = { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'public, max-age=86400' }

app.get('/manifest.webmanifest', (c) => {
  return c.body(JSON.stringify(appManifest(c.get('site').locale ?? DEFAULT_LOCALE)), 200, HEADERS)
})

export default app
