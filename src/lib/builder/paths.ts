// The builder's pages within a site (docs/product.md §2): sign-in, the service agreement, everything
// under /admin (editor, console, settings, notifications, inbox, dashboard, domain, preview) and the
// builder's app manifest (docs/decisions/065-web-push.md). The one list the router (src/lib/tenant.ts:
// these are routed under /@builder on every site), the tenant loader and the robots files read. Pure: no
// imports, so anything may use it.

/** The first path segment of every builder page, as a site path (`/admin` stands for `/admin/...` too). */
export const BUILDER_PATHS = ['/admin', '/login', '/agreement', '/manifest.webmanifest'] as const

/**
 * True when `pagePath` (the path within a site: no locale, no `/{desiredUrl}`) is a builder page: one of
 * BUILDER_PATHS whole or below it, so `/admin/inbox` is and `/administrator` is not.
 */
export function isBuilderPath(pagePath: string): boolean {
  return BUILDER_PATHS.some((root) => pagePath === root || pagePath.startsWith(`${root}/`))
}
