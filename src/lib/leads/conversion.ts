// "Create homepage from this lead" (docs/decisions/102-invitations.md): what the console's invitation form
// is prefilled with from a landing lead, an address suggested from the name and free by the address rules,
// and the mark that the lead became an account once its invitation is sent.
import type { Locale } from '../locale'
import { d1Store } from '../realtors/d1-store'
import { addressHeldUntil } from '../realtors/lifecycle'
import { desiredUrlSchema } from '../realtors/schema'

/** The invitation form's start from a lead; `convertedAt` once an invitation was sent from it. */
export interface LeadInvitation {
  leadId: number
  name: string
  locale: Locale
  desiredUrl: string
  convertedAt: string | null
}

/** The lowercase Latin words of a name or an email's local part, joined by hyphens ('' when none). */
export function addressFrom(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean)
  return words.join('-').slice(0, 36).replace(/-+$/, '')
}

/** Whether nobody has the address and nobody left it within the hold (the create form's own checks). */
async function isFree(db: D1Database, address: string): Promise<boolean> {
  if (!desiredUrlSchema.safeParse(address).success) return false
  const [taken, held] = await Promise.all([d1Store(db).find(address), addressHeldUntil(db, address)])
  return !taken && !held
}

/** The first free of `base`, `base-a` … `base-h` (addresses take no digits); `base` itself if none is. */
export async function suggestAddress(db: D1Database, source: string): Promise<string> {
  const base = addressFrom(source) || 'realtor'
  for (const candidate of [base, ...'abcdefgh'.split('').map((letter) => `${base}-${letter}`)])
    if (await isFree(db, candidate)) return candidate
  return base
}

export async function leadInvitation(db: D1Database, leadId: number): Promise<LeadInvitation | null> {
  const lead = await db
    .prepare('SELECT id, name, locale, converted_at FROM leads WHERE id = ?')
    .bind(leadId)
    .first<{ id: number; name: string; locale: string; converted_at: string | null }>()
  if (!lead) return null
  return {
    leadId: lead.id,
    name: lead.name,
    locale: lead.locale === 'en' ? 'en' : 'ko',
    desiredUrl: await suggestAddress(db, lead.name),
    convertedAt: lead.converted_at,
  }
}

/** Marks the lead as made into this account; false when it is gone or was converted already. */
export async function markLeadConverted(db: D1Database, leadId: number, accountId: number): Promise<boolean> {
  const row = await db
    .prepare(
      `UPDATE leads SET converted_account_id = ?2, converted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = ?1 AND converted_at IS NULL RETURNING id`,
    )
    .bind(leadId, accountId)
    .first()
  return row !== null
}
