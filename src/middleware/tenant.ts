// The tenant of a page request (docs/product.md §2): from the request's Site, the realtor whose site it
// is, by desiredUrl on provider hosts or by origin on a custom domain. Unknown tenants are a 404, a
// first segment that is no desiredUrl a route validation failure. APIs and provider pages load nothing.
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv, TenantEnv } from '../env'
import { safeNextPath } from '../lib/builder/navigation'
import { isBuilderPath } from '../lib/builder/paths'
import { realtorTag } from '../lib/cache'
import { readThrough } from '../lib/data-cache'
import { ownDomainsReachable } from '../lib/domains/provider'
import { pageNotFound, routeValidationFailed } from '../lib/errors'
import { localizedPath } from '../lib/locale'
import { isPublished } from '../lib/realtors/publish'
import type { Realtor } from '../lib/realtors/types'
import type { Site } from '../lib/tenant'
import { pageUrls, providerAddressOf, withoutTrailingSlash } from '../lib/urls'

/**
 * A realtor for a page, by desiredUrl or by custom domain origin, through the data cache: purged with the
 * realtor's tag on every write. The view beacon (src/routes/api/views.ts) asks with the same key.
 */
export function findForPage(c: Context<AppEnv>, key: string): Promise<Realtor | null> {
  return readThrough(c.get('dataCache'), `realtor:${key}`, () => c.get('realtors').find(key), {
    tags: (realtor) => (realtor ? [realtorTag(realtor.id)] : null),
  })
}

/**
 * Where an old address points now (`{ id, desiredUrl }` of the realtor who left it), through the data
 * cache: a hit is tagged with that realtor (their next address change purges it), a miss with every
 * realtor's writes (`realtors`: any write may make or free an address).
 */
function findFormerAddress(c: Context<AppEnv>, key: string) {
  const store = c.get('realtors')
  if (!store.formerAddress) return Promise.resolve(null)
  return readThrough(c.get('dataCache'), `address:${key.toLowerCase()}`, () => store.formerAddress!(key), {
    tags: (owner) => (owner ? [realtorTag(owner.id)] : ['realtors']),
  })
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD'

/**
 * The same public page on the homepage's own domain, when it has an active one (only an active custom
 * domain sets `hompageUrl`, docs/decisions/053-custom-domains.md) that reaches this worker and the homepage
 * is published; else null.
 */
function ownDomainAddress(c: Context<AppEnv>, realtor: Realtor): string | null {
  const { pagePath, locale } = c.get('site')
  if (!realtor.hompageUrl || !ownDomainsReachable(c.env)) return null
  // The builder's pages stay on the provider's host whatever the homepage's own domain.
  if (!isPublished(realtor) || isBuilderPath(pagePath)) return null
  return `${pageUrls(realtor, c.env.PUBLIC_ORIGIN, withoutTrailingSlash(pagePath))[locale ?? 'ko']}${new URL(c.req.url).search}`
}

/**
 * A builder page asked for on the realtor's own domain, on the provider's host, where the builder and
 * sign-in live (docs/decisions/087-sign-in-on-the-provider-host.md): `/en/login?next=/en/admin` →
 * `https://realtor.example.com/en/janekim/login?next=/en/janekim/admin`. A `next` that is no same-site path is
 * left out.
 */
function builderOnProviderHost(c: Context<AppEnv>, realtor: Realtor): string {
  const url = new URL(c.req.url)
  const next = safeNextPath(url.searchParams.get('next'))
  url.searchParams.delete('next')
  if (next) {
    const [pathname = '/', query] = next.split(/\?(.*)/s)
    const moved = providerAddressOf(realtor.desiredUrl, c.env.PUBLIC_ORIGIN, pathname, query ? `?${query}` : '')
    url.searchParams.set('next', `${moved.pathname}${moved.search}`)
  }
  return providerAddressOf(realtor.desiredUrl, c.env.PUBLIC_ORIGIN, url.pathname, url.search).href
}

/** The same page under the realtor's stored address: `/en/JaneKim/terms` → `/en/janekim/terms`. */
function storedAddress(site: Site, desiredUrl: string, search: string): string {
  const rest = site.pagePath === '/' ? `/${desiredUrl}` : `/${desiredUrl}${site.pagePath}`
  return `${site.locale ? localizedPath(site.locale, rest) : rest}${search}`
}

export const tenant = () =>
  createMiddleware<AppEnv>(async function tenant(c, next) {
    const { api, target, pathname } = c.get('site')
    if (api) return next()
    switch (target.kind) {
      case 'invalid':
        throw routeValidationFailed(pathname)
      case 'bad-host':
        throw pageNotFound(pathname)
      case 'path':
      case 'domain': {
        // `/?desiredUrl=x` is the provider's landing route, which sends the visitor to /x.
        if (target.kind === 'path' && target.fromQuery) break
        const realtor = await findForPage(c, target.kind === 'path' ? target.desiredUrl : target.origin)
        if (!realtor) {
          // An address the realtor left: moved for good to their current one, same page and query.
          const owner =
            target.kind === 'path' && isRead(c.req.method) && (await findFormerAddress(c, target.desiredUrl))
          if (owner) return c.redirect(storedAddress(c.get('site'), owner.desiredUrl, new URL(c.req.url).search), 301)
          throw pageNotFound(pathname)
        }
        // The builder is not served on a realtor's own domain: a visitor is sent to it on the provider's host.
        if (target.kind === 'domain' && isBuilderPath(c.get('site').pagePath)) {
          if (!isRead(c.req.method)) throw pageNotFound(pathname)
          return c.redirect(builderOnProviderHost(c, realtor), 302)
        }
        // A deleted homepage keeps its builder pages (its owner sees what happened); the rest are gone.
        if (realtor.deletedAt && !isBuilderPath(c.get('site').pagePath)) throw pageNotFound(pathname)
        // A homepage with its own domain lives there: its path address moves for good, same page and query.
        const own = target.kind === 'path' && isRead(c.req.method) ? ownDomainAddress(c, realtor) : null
        if (own) return c.redirect(own, 301)
        // Addresses match case-insensitively; a variant (/JaneKim) moves for good to the stored address.
        if (target.kind === 'path' && target.desiredUrl !== realtor.desiredUrl && isRead(c.req.method))
          return c.redirect(storedAddress(c.get('site'), realtor.desiredUrl, new URL(c.req.url).search), 301)
        c.set('realtor', realtor)
        c.set('tenantBase', target.kind === 'path' ? `/${realtor.desiredUrl}` : '')
        break
      }
    }
    await next()
  })

/**
 * First middleware of a realtor's own sub-apps: their context always has the realtor, a live one (a deleted
 * homepage reaches only the builder's pages that say what happened, which do not use this).
 */
export const requireTenant = () =>
  createMiddleware<TenantEnv>(async function requireTenant(c, next) {
    const realtor = c.get('realtor') as TenantEnv['Variables']['realtor'] | null
    if (!realtor || realtor.deletedAt) throw pageNotFound(c.get('site').pathname)
    await next()
  })
