// The local stand-in for Cloudflare for SaaS (no CF_API_TOKEN): the same provider interface, its state in
// D1 (simulated_hostnames), its records looking like the real ones. Nothing checks DNS: an admin moves a
// hostname along (advance: pending → verifying → active; fail: moved) from the admin console.
import { base64url } from '../base64url'
import { type HostnameProvider, ProviderError, type ProviderHostname } from './types'

interface SimulatedRow {
  id: string
  hostname: string
  status: string
  ssl_status: string
  ownership_token: string
  certificate_token: string
  verification_errors: string
  created_at: string
}

/** A token like Cloudflare's: 32 hex digits for ownership, 43 base64url characters for a certificate. */
function token(bytes: number, hex: boolean): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes))
  if (hex) return [...data].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return base64url(data)
}

function hostnameOf(row: SimulatedRow): ProviderHostname {
  const sslActive = row.ssl_status === 'active'
  return {
    id: row.id,
    hostname: row.hostname,
    status: row.status,
    ssl: {
      status: row.ssl_status,
      method: 'txt',
      // The real API stops listing the certificate's record once it is validated.
      validation_records: ['pending_validation', 'initializing'].includes(row.ssl_status)
        ? [{ txt_name: `_acme-challenge.${row.hostname}`, txt_value: row.certificate_token, status: 'pending' }]
        : [],
      ...(sslActive ? {} : { txt_name: `_acme-challenge.${row.hostname}`, txt_value: row.certificate_token }),
    },
    ownership_verification: { type: 'txt', name: `_cf-custom-hostname.${row.hostname}`, value: row.ownership_token },
    verification_errors: JSON.parse(row.verification_errors) as string[],
    created_at: row.created_at,
  }
}

/** The simulator's steps: where `advance` takes a hostname from each state. */
const NEXT: Record<string, { status: string; ssl: string } | undefined> = {
  pending: { status: 'active', ssl: 'pending_deployment' },
  active: { status: 'active', ssl: 'active' },
}

export interface SimulatorProvider extends HostnameProvider {
  /** One step along: pending → verifying → active; null for an unknown id. */
  advance(id: string): Promise<ProviderHostname | null>
  /** The hostname no longer points here (moved): the real API's failure a realtor most often meets. */
  fail(id: string): Promise<ProviderHostname | null>
}

export function simulatorProvider(db: D1Database, cnameTarget: string): SimulatorProvider {
  const byId = async (id: string) => {
    const row = await db.prepare('SELECT * FROM simulated_hostnames WHERE id = ?').bind(id).first<SimulatedRow>()
    return row ? hostnameOf(row) : null
  }
  return {
    simulated: true,
    cnameTarget,
    async create(hostname) {
      const id = crypto.randomUUID()
      const inserted = await db
        .prepare(
          `INSERT INTO simulated_hostnames (id, hostname, status, ssl_status, ownership_token, certificate_token)
           VALUES (?, ?, 'pending', 'pending_validation', ?, ?) ON CONFLICT (hostname) DO NOTHING`,
        )
        .bind(id, hostname, token(16, true), token(32, false))
        .run()
      if (inserted.meta.changes === 0) throw new ProviderError('duplicate', '1406: Duplicate custom hostname found.')
      return (await byId(id))!
    },
    get: byId,
    async remove(id) {
      await db.prepare('DELETE FROM simulated_hostnames WHERE id = ?').bind(id).run()
    },
    async findByHostname(hostname) {
      const row = await db
        .prepare('SELECT * FROM simulated_hostnames WHERE hostname = ?')
        .bind(hostname)
        .first<SimulatedRow>()
      return row ? hostnameOf(row) : null
    },
    async advance(id) {
      const current = await byId(id)
      if (!current) return null
      const step = current.status === 'active' ? NEXT.active : NEXT[current.status]
      if (!step) return current
      await db
        .prepare("UPDATE simulated_hostnames SET status = ?, ssl_status = ?, verification_errors = '[]' WHERE id = ?")
        .bind(step.status, step.ssl, id)
        .run()
      return byId(id)
    },
    async fail(id) {
      await db
        .prepare(
          `UPDATE simulated_hostnames SET status = 'moved', ssl_status = 'deleted',
             verification_errors = '["custom hostname does not CNAME to this zone."]' WHERE id = ?`,
        )
        .bind(id)
        .run()
      return byId(id)
    },
  }
}
