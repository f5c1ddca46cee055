// What makes the builder an installable app (docs/decisions/065-web-push.md), in the <head> of builder
// pages only: the manifest of the page's language, the home-screen icon iOS uses, and the title bar colour.
// Homepages and the landing page never link it, so their HTML is unchanged.
import { APP_THEME_COLOR, appManifestPath } from '../../lib/app-manifest'
import type { Locale } from '../../lib/locale'

export function AppLinks({ locale }: { locale: Locale }) {
  return (
    <>
      <link rel="manifest" href={appManifestPath(locale)} />
      <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
      <meta name="theme-color" content={APP_THEME_COLOR} />
    </>
  )
}
