// The tenant home page and the head every tenant page shares: loads the listings (never failing the
// page: an empty state instead), derives the profile and SEO data, renders TenantHome.
import type { Context } from 'hono'
import type { HomeCardLabels } from '../client/components/HomeCard'
import type { AppEnv } from '../env'
import { defaultCountryCode } from '../lib/contacts/schema'
import { designOf } from '../lib/home/design'
import { displayNameOf, groupPhotos, marketOf, pickPhoto } from '../lib/home/profile'
import { absoluteUrl, realEstateAgentJsonLd, seoOf, tenantPageUrls } from '../lib/home/seo'
import { COUNTIES, HOME_LIST_DEFAULTS, type HomePage, homeListQuerySchema, SEARCH_TYPES } from '../lib/listings/query'
import { emptyPage } from '../lib/listings/source'
import { OG_LOCALES } from '../lib/locale'
import { pageContext, pathWithoutLocale, renderPage } from '../render'
import type { PageContext } from '../views/context'
import { TenantHead } from '../views/home/TenantHead'
import { TenantHome } from '../views/home/TenantHome'
import type { TenantFrame } from '../views/home/TenantLayout'
import { listingSource } from './api/listings'

/**
 * A listing page, or the empty state when its source fails: listings never fail the page. A page
 * made without them is not kept in the page cache, so the next visitor gets another try.
 */
async function quiet(c: Context<AppEnv>, load: () => Promise<HomePage>, fallback: HomePage): Promise<HomePage> {
  try {
    return await load()
  } catch (error) {
    console.error('[home] listings unavailable; showing the empty state', error)
    c.set('cacheable', false)
    return fallback
  }
}

/** The city the market section opens on: the realtor's first §9 city, else the §9 default. */
export function startCity(regions: { city: string }[]): { state: 'CA' | 'GA'; city: string } {
  for (const region of regions) {
    const county = COUNTIES.find((c) => (c.cities as readonly string[]).includes(region.city))
    if (county) return { state: county.state, city: region.city }
  }
  return { state: HOME_LIST_DEFAULTS.state, city: HOME_LIST_DEFAULTS.city }
}

/** The page's path within the tenant: '/' for the home, '/terms' for its terms. */
export function pagePath(c: Context<AppEnv>): string {
  const rest = pathWithoutLocale(c)
  const base = c.get('tenantBase')
  return base && rest.startsWith(base) ? rest.slice(base.length) || '/' : rest
}

export function tenantFrame(c: Context<AppEnv>): TenantFrame {
  const ctx = pageContext(c)
  const realtor = c.get('realtor')!
  return { ctx, realtor, name: displayNameOf(realtor, ctx.locale), photos: groupPhotos(realtor.photos) }
}

/** Everything a tenant page's renderPage needs beside its body: title, SEO head, design. */
export function tenantPageOptions(c: Context<AppEnv>, frame: TenantFrame, pageTitle?: string) {
  const { ctx, realtor, name, photos } = frame
  const seo = seoOf(realtor, ctx.locale, name)
  const alternates = tenantPageUrls(realtor, c.env.PUBLIC_ORIGIN, pagePath(c))
  const url = alternates[ctx.locale]
  // Photos are served on every host (/photos/*): absolute on the canonical origin.
  const origin = new URL(url).origin
  const image = absoluteUrl((pickPhoto(photos.ogImage) ?? pickPhoto(photos.top) ?? pickPhoto(photos.id))?.url, origin)
  const title = pageTitle ? `${pageTitle} | ${seo.title}` : seo.title
  const design = designOf(realtor)
  const isHome = pageTitle === undefined
  return {
    head: {
      title,
      canonical: url,
      alternates,
      description: seo.description,
      extra: (
        <TenantHead
          title={title}
          description={seo.description}
          keywords={seo.keywords}
          author={seo.author}
          url={url}
          ogLocale={OG_LOCALES[ctx.locale]}
          ogLocaleAlternate={OG_LOCALES[ctx.locale === 'ko' ? 'en' : 'ko']}
          image={image}
          favicon={pickPhoto(photos.favicon, 'thumbnail')?.url ?? null}
          siteName={name}
          jsonLd={
            isHome
              ? realEstateAgentJsonLd({
                  realtor,
                  name,
                  description: seo.description,
                  url,
                  image,
                  logo: absoluteUrl(pickPhoto(photos.logo, 'thumbnail')?.url, origin),
                })
              : null
          }
        />
      ),
    },
    bodyStyle: design.style,
    bodyClassName: design.className,
  }
}

function cardLabels(ctx: PageContext): HomeCardLabels {
  const t = (id: string) => ctx.intl.formatMessage({ id })
  return {
    beds: t('home.card.beds'),
    baths: t('home.card.baths'),
    sqft: t('home.card.sqft'),
    perMonth: t('home.card.perMonth'),
    noPhoto: t('home.card.noPhoto'),
    status: Object.fromEntries(SEARCH_TYPES.map((type) => [type, t(`home.listings.${type}`)])),
  }
}

export async function renderTenantHome(c: Context<AppEnv>): Promise<Response> {
  const frame = tenantFrame(c)
  const { ctx, realtor } = frame
  const t = (id: string) => ctx.intl.formatMessage({ id })
  const market = marketOf(realtor.activityRegion)
  const source = listingSource(c)
  const start = startCity(realtor.activityRegion)
  const cityQuery = homeListQuerySchema.parse(start)
  const agentQueries = realtor.licenseNumber && market ? SEARCH_TYPES : []
  const [cityPage, ...agentPages] = await Promise.all([
    quiet(c, () => source.homeList(cityQuery), emptyPage(cityQuery)),
    ...agentQueries.map((searchType) => {
      const q = {
        licenseNumber: realtor.licenseNumber,
        market: market as 'crmls' | 'fmls',
        searchType,
        currentPage: 0,
        homesPerGroup: 15,
      }
      return quiet(c, () => source.agent(q), emptyPage(q))
    }),
  ])
  const labels = cardLabels(ctx)
  const page = (
    <TenantHome
      frame={frame}
      market={market}
      today={new Date()}
      agentListings={
        agentQueries.length
          ? {
              locale: ctx.locale,
              labels,
              empty: t('home.listings.emptyTab'),
              tablistLabel: t('home.listings.mine'),
              tabs: agentQueries.map((type, i) => ({
                type,
                label: t(`home.listings.${type}`),
                homes: agentPages[i]?.homes ?? [],
                total: agentPages[i]?.total ?? 0,
              })),
            }
          : null
      }
      cityHomes={{
        locale: ctx.locale,
        city: start.city,
        homes: cityPage!.homes,
        labels,
        pickerLabel: t('home.listings.city'),
        empty: t('home.listings.emptyCity'),
        failed: t('home.listings.failed'),
        loading: t('home.listings.loading'),
      }}
      contactForm={{
        realtorId: realtor.id,
        locale: ctx.locale,
        defaultCountryCode: defaultCountryCode(ctx.locale),
        termsHref: `${ctx.localePrefix}/terms/privacy#${ctx.locale}`,
        labels: {
          lastName: t('home.form.lastName'),
          firstName: t('home.form.firstName'),
          email: t('home.form.email'),
          phone: t('home.form.phone'),
          countryCode: t('home.form.countryCode'),
          countries: { KR: t('home.form.country.KR'), US: t('home.form.country.US') },
          message: t('home.form.message'),
          terms: t('home.form.terms'),
          termsLink: t('home.form.termsLink'),
          termsRequired: t('home.form.termsRequired'),
          submit: t('home.form.submit'),
          sending: t('home.form.sending'),
          success: t('home.form.success'),
          failure: t('home.form.failure'),
        },
      }}
    />
  )
  return renderPage(c, page, tenantPageOptions(c, frame))
}
