// The island registry: each island's module, loaded lazily so a page downloads only the islands it has.
// Public pages (the landing page, homepages) carry only their own islands' loaders in the entry bundle;
// the builder's islands are listed in ./builder.ts, one small chunk fetched the first time a builder page
// hydrates, so a new builder screen never adds to the script a buyer's phone loads (decision 063).
import type { BuilderIslandName } from './builder'

type Loader = () => Promise<{ default: unknown }>

const publicIslands = {
  LanguageSwitcher: () => import('./LanguageSwitcher'),
  ContactForm: () => import('./ContactForm'),
  HomeRequest: () => import('./HomeRequest'),
  ValuationRequest: () => import('./ValuationRequest'),
  AgentListings: () => import('./AgentListings'),
  CityHomes: () => import('./CityHomes'),
  LeadRequest: () => import('./LeadRequest'),
  RealtorCarousel: () => import('./RealtorCarousel'),
  VideoEmbed: () => import('./VideoEmbed'),
  HomeGallery: () => import('./HomeGallery'),
  GalleryStrip: () => import('./GalleryStrip'),
  BuyerPrompt: () => import('./BuyerPrompt'),
} as const satisfies Record<string, Loader>

export type IslandName = keyof typeof publicIslands | BuilderIslandName

/** The module of an island by name; undefined for a name no registry knows. */
export async function loadIsland(name: string): Promise<{ default: unknown } | undefined> {
  const own = (publicIslands as Record<string, Loader>)[name]
  if (own) return own()
  const { builderIslands } = await import('./builder')
  return (builderIslands as Record<string, Loader>)[name]?.()
}
