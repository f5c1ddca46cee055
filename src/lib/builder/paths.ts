// The builder's pages within a site (docs/product.md §2): sign-in, the service agreement and everything
// under /admin (editor, console, settings, notifications, inbox, dashboard, domain, preview). The one list
// the tenant loader, the robots files and routing read. Pure: no imports, so anything may use it.

/** The first path segment of every builder page, as a site path (`/admin` stands for `/admin/...` too). */
export const BUILDER_PATHS = ['/admin', '/login', '/agreement'] as const

/**
 * True when `pagePath` (the path within a site: no locale, no `/{desiredUrl}`) is a builder page: one of
 * BUILDER_PATHS whole or below it, so `/admin/inbox` is and `/administrator` is not.
 */
export function isBuilderPath(pagePath: string): boolean {
  return BUILDER_PATHS.some((root) => pagePath === root || pagePath.startsWith(`${root}/`))
}
