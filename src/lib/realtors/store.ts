// RealtorStore: the one interface the pages use to find a realtor, whatever backend answers.
import type { Realtor } from './types'

export interface RealtorStore {
  /** By numeric id, desiredUrl, or homepage origin (docs/product.md §7 `GET /v1/realtor/{key}`). */
  find(key: string): Promise<Realtor | null>
  /** Realtors shown as examples on the landing page. */
  list(opts?: { limit?: number }): Promise<Realtor[]>
}
