// The builder as an installable web app (docs/decisions/065-web-push.md): its Web App Manifest, per
// language. It opens on /admin, which takes a realtor to their own editor (a custom domain's /admin is its
// realtor's); push notifications then open inbox entries in it.
import { intlFor } from './i18n'
import { type Locale, localizedPath } from './locale'

/** The brand blue of the stylesheet (--color-brand, src/styles/base.css): the app's title bar. */
export const APP_THEME_COLOR = '#1d4ed8'

/** Where a page links its manifest: one per language, on whichever host the builder is used. */
export const appManifestPath = (locale: Locale) => localizedPath(locale, '/manifest.webmanifest')

export function appManifest(locale: Locale) {
  const intl = intlFor(locale)
  const icon = (name: string, size: number, purpose = 'any') => ({
    src: `/icons/${name}`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  })
  return {
    // One app per host whatever the language it was installed in.
    id: '/admin',
    name: intl.formatMessage({ id: 'builder.app.name' }),
    short_name: intl.formatMessage({ id: 'brand.name' }),
    lang: locale,
    start_url: localizedPath(locale, '/admin'),
    scope: '/',
    display: 'standalone',
    theme_color: APP_THEME_COLOR,
    background_color: '#ffffff',
    icons: [icon('icon-192.png', 192), icon('icon-512.png', 512), icon('maskable-512.png', 512, 'maskable')],
  }
}
