// Leads in D1: written before any relay, together with their delivery to the operator's Slack, which the
// outbox then sends (src/lib/outbox, docs/decisions/024-outbox.md).
import type { Destination } from '../outbox/config'
import { enqueue } from '../outbox/deliveries'
import type { LeadFields } from './form'
import type { StoredLead } from './slack'

/** Where every lead goes. */
const DESTINATIONS: readonly Destination[] = ['operator-slack']

interface LeadRow {
  id: number
  name: string
  area: string
  phone: string
  has_site: 'yes' | 'no'
  locale: string
  created_at: string
}

const leadOf = (row: LeadRow): StoredLead => ({
  id: row.id,
  name: row.name,
  area: row.area,
  phone: row.phone,
  hasSite: row.has_site,
  locale: row.locale,
  createdAt: row.created_at,
})

export async function insertLead(db: D1Database, lead: LeadFields, locale: string): Promise<StoredLead> {
  const [inserted] = await db.batch<LeadRow>([
    db
      .prepare('INSERT INTO leads (name, area, phone, has_site, locale) VALUES (?, ?, ?, ?, ?) RETURNING *')
      .bind(lead.name, lead.area, lead.phone, lead.hasSite, locale),
    enqueue(db, 'lead', DESTINATIONS),
  ])
  const row = inserted?.results[0]
  if (!row) throw new Error('the lead was not stored')
  return leadOf(row)
}

/** The leads of these ids, for the outbox's retries. */
export async function leadsById(db: D1Database, ids: number[]): Promise<StoredLead[]> {
  const { results } = await db
    .prepare('SELECT * FROM leads WHERE id IN (SELECT value FROM json_each(?))')
    .bind(JSON.stringify(ids))
    .all<LeadRow>()
  return results.map(leadOf)
}
