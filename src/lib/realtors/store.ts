// RealtorStore: the one interface the pages use to find a realtor, whatever backend answers.
import type { Realtor } from './types'

/** A keyset page by id (never OFFSET): ids above `afterId`, up to and including `throughId`, in id order. */
export interface KeysetPage {
  afterId: number
  /** The last id the page may hold; no bound when absent. */
  throughId?: number
  limit: number
}

/** What a sitemap needs of a published realtor: where its home is. */
export type PublishedSite = Pick<Realtor, 'id' | 'desiredUrl' | 'hompageUrl' | 'isMakeHomepage'>

export interface RealtorStore {
  /** By numeric id, desiredUrl, or homepage origin (docs/product.md §7 `GET /v1/realtor/{key}`). */
  find(key: string): Promise<Realtor | null>
  /** Realtors in id order, published or not (the admin console's list). */
  list(opts?: { limit?: number }): Promise<Realtor[]>
  /** Published realtors (`isMakeHomepage` Y): the landing carousel's and the provider sitemap's. */
  listPublished(page: KeysetPage): Promise<Realtor[]>
  /**
   * The same realtors' addresses only, for the provider sitemap: a walk of every realtor that reads whole
   * profiles held hundreds of MB in workerd at 10,000 realtors (docs/decisions/056-scale-bench.md). A store
   * without it is walked with listPublished.
   */
  listPublishedSites?(page: KeysetPage): Promise<PublishedSite[]>
  /**
   * The realtor an address used to belong to (its redirect target, migrations/0010_lifecycle.sql), or
   * null; a store that keeps no address history has no such method.
   */
  formerAddress?(address: string): Promise<{ id: number; desiredUrl: string } | null>
  /** The highest realtor id there is (0 for none): where the sitemap's id ranges end. */
  lastId(): Promise<number>
}
