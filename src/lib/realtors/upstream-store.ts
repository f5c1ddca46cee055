// The realtor store of upstream mode (REALTOR_API_ORIGIN): pages read realtors from the real API.
import { AppError } from '../errors'
import { type FetchLike, fetchUpstream, upstreamJson } from '../upstream'
import { REALTOR_DEFAULTS } from './schema'
import type { RealtorStore } from './store'
import type { Realtor } from './types'

/** Missing lists of an upstream realtor default to empty (SPEC.md §4). */
export function normalizeRealtor(value: Partial<Realtor> & Pick<Realtor, 'id' | 'desiredUrl'>): Realtor {
  return { userId: null, name: value.desiredUrl, ...REALTOR_DEFAULTS, ...value } as Realtor
}

/** Most of a realtor answer read: a profile is a few KB; more is an upstream gone wrong (502). */
export const MAX_REALTOR_BYTES = 256 * 1024

export function upstreamStore(origin: string, timeoutMs: number, fetchImpl: FetchLike = fetch): RealtorStore {
  const get = async (path: string) => {
    const request = new Request(new URL(path, origin), { headers: { accept: 'application/json' } })
    return fetchUpstream(fetchImpl, request, timeoutMs, { maxBytes: MAX_REALTOR_BYTES })
  }
  return {
    async find(key) {
      const response = await get(`/v1/realtor/${encodeURIComponent(key)}`)
      if (response.status === 404) return null
      if (!response.ok) throw new AppError(502, `The upstream API answered ${response.status}`)
      const body = (await upstreamJson(response)) as Partial<Realtor> | null
      if (!body || typeof body.id !== 'number' || typeof body.desiredUrl !== 'string')
        throw new AppError(502, 'The upstream API answered with no realtor')
      return normalizeRealtor(body as Partial<Realtor> & Pick<Realtor, 'id' | 'desiredUrl'>)
    },
    async list() {
      // The upstream contract (SPEC.md §7) has no list call; the landing carousel lists realtors in D1 mode.
      return []
    },
  }
}
