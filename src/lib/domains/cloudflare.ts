// Our client of Cloudflare for SaaS custom hostnames (`/zones/{zone_id}/custom_hostnames`), over the bounded
// upstream fetch: every call has a deadline and a size bound, and answers in the API's documented envelope
// `{ success, errors: [{ code, message }], messages, result }`.
import { AppError } from '../errors'
import { type FetchLike, fetchUpstream, upstreamJson } from '../upstream'
import { withoutTrailingSlash } from '../urls'
import { type HostnameProvider, ProviderError, type ProviderHostname } from './types'

export const DEFAULT_CF_API_BASE = 'https://api.cloudflare.com/client/v4'
/** A custom hostname is a few KB; a page of them far less than this. */
const MAX_BODY_BYTES = 256 * 1024

export interface CloudflareConfig {
  token: string
  zoneId: string
  cnameTarget: string
  apiBase?: string
  timeoutMs: number
}

interface Envelope {
  success?: boolean
  errors?: { code?: number; message?: string }[]
  result?: unknown
}

/** Cloudflare's documented custom hostname error codes. */
const DUPLICATE = 1406
const INVALID = new Set([1407, 1408, 1409, 1410, 1411])

function errorOf(status: number, body: Envelope | null): ProviderError {
  const errors = body?.errors ?? []
  const codes = errors.map((error) => error.code)
  const text = errors.map((error) => `${error.code}: ${error.message}`).join('; ') || `HTTP ${status}`
  if (status === 429) return new ProviderError('rate_limited', `Cloudflare rate limited the call (${text})`)
  if (codes.includes(DUPLICATE) || status === 409) return new ProviderError('duplicate', text)
  if (codes.some((code) => code !== undefined && INVALID.has(code))) return new ProviderError('invalid', text)
  if (status === 404) return new ProviderError('not_found', text)
  return new ProviderError('unavailable', `Cloudflare answered ${status} (${text})`)
}

function isHostname(value: unknown): value is ProviderHostname {
  const record = value as ProviderHostname | null
  return (
    typeof record === 'object' &&
    record !== null &&
    typeof record.id === 'string' &&
    typeof record.hostname === 'string' &&
    typeof record.status === 'string'
  )
}

export function cloudflareProvider(config: CloudflareConfig, fetchImpl: FetchLike): HostnameProvider {
  const base = `${withoutTrailingSlash(config.apiBase || DEFAULT_CF_API_BASE)}/zones/${encodeURIComponent(config.zoneId)}/custom_hostnames`

  /** One call: the envelope's result, or a ProviderError saying what went wrong. */
  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const request = new Request(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${config.token}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    let response: Response
    let envelope: Envelope | null
    try {
      response = await fetchUpstream(fetchImpl, request, config.timeoutMs, { maxBytes: MAX_BODY_BYTES })
      envelope = (await upstreamJson(response).catch((error: unknown) => {
        if (response.ok) throw error
        return null
      })) as Envelope | null
    } catch (cause) {
      if (cause instanceof AppError && cause.status === 504)
        throw new ProviderError('timeout', 'Cloudflare did not answer in time', { cause })
      throw new ProviderError('unavailable', 'Cloudflare could not be reached', { cause })
    }
    if (!response.ok || envelope?.success === false) throw errorOf(response.status, envelope)
    return envelope?.result ?? null
  }

  async function hostnameCall(method: string, path: string, body?: unknown): Promise<ProviderHostname> {
    const result = await call(method, path, body)
    if (!isHostname(result)) throw new ProviderError('unavailable', 'Cloudflare answered an unexpected custom hostname')
    return result
  }

  return {
    simulated: false,
    cnameTarget: config.cnameTarget,
    create(hostname) {
      return hostnameCall('POST', '', { hostname, ssl: { method: 'txt', type: 'dv' } })
    },
    async get(id) {
      try {
        return await hostnameCall('GET', `/${encodeURIComponent(id)}`)
      } catch (error) {
        if (error instanceof ProviderError && error.kind === 'not_found') return null
        throw error
      }
    },
    async remove(id) {
      try {
        await call('DELETE', `/${encodeURIComponent(id)}`)
      } catch (error) {
        if (error instanceof ProviderError && error.kind === 'not_found') return
        throw error
      }
    },
    async findByHostname(hostname) {
      const result = await call('GET', `?hostname=${encodeURIComponent(hostname)}`)
      const list = Array.isArray(result) ? result.filter(isHostname) : []
      return list.find((record) => record.hostname === hostname) ?? null
    },
  }
}
