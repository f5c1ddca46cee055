// The two tables an inbox reads: realtor_contacts (a realtor's Inbox, scoped by realtor) and leads (the
// operator's Leads view). One description each, so listing, search, export and updates are written once.
import { describeRequest } from '../contacts/describe'
import { isContactKind, parseDetails } from '../contacts/requests'
import { intlFor } from '../i18n'
import type { Locale } from '../locale'
import type { Topic } from '../outbox/deliveries'
import { formatPhone } from '../phone'
import type { ContactEntry, EntryStatus, LeadEntry } from './types'

type Row = Record<string, string | number | null>

export interface InboxSource<T> {
  table: 'realtor_contacts' | 'leads'
  topic: Topic
  /** The table has a `kind` column the list may be filtered by (realtor_contacts, migration 0028). */
  kinds: boolean
  /** How a search finds entries (migrations/0021_inbox_search.sql, docs/decisions/078). */
  search: {
    /** The FTS5 trigram table of the searched text; its rowid is the entry's id. */
    index: 'contact_search' | 'lead_search'
    /** Every column of the table and the searched text: what a term too short for the index reads. */
    view: 'contact_search_text' | 'lead_search_text'
    /**
     * Columns a term matches as written. Besides, `compact` (the name without spaces) matches the term
     * without spaces, and `phone` the term's digits.
     */
    columns: readonly string[]
  }
  entryOf(row: Row): T
  /**
   * The export's columns: message key of the heading, and the cell of an entry. The CSV's phone is the
   * inbox's display (`(404) 555-7788`), which a spreadsheet keeps as text; the JSON export has it as
   * stored, E.164 (docs/decisions/064-phone-numbers.md). Cells in words are in the export's language.
   */
  columns: readonly (readonly [string, (entry: T, locale: Locale) => string])[]
}

const text = (value: string | number | null | undefined) => (value == null ? '' : String(value))
const nullable = (value: string | number | null | undefined) => (value == null ? null : String(value))

const state = (row: Row) => ({
  id: Number(row.id),
  status: row.status as EntryStatus,
  note: text(row.note),
  readAt: nullable(row.read_at),
  archivedAt: nullable(row.archived_at),
  locale: text(row.locale),
  createdAt: text(row.created_at),
})

/** A request's details as one cell: "Home: 123 Main St, Johns Creek GA 30097; Price: $725,000; …". */
function detailsText(entry: ContactEntry, locale: Locale): string {
  const { headline, fields } = describeRequest(entry.kind, entry.details, locale)
  if (!headline) return ''
  const t = (id: string) => intlFor(locale).formatMessage({ id })
  return fields.map((field) => `${t(field.label)}: ${field.text}${field.path ? ` (${field.path})` : ''}`).join('; ')
}

export const contactSource: InboxSource<ContactEntry> = {
  table: 'realtor_contacts',
  topic: 'contact',
  kinds: true,
  search: {
    index: 'contact_search',
    view: 'contact_search_text',
    columns: ['name', 'last_name', 'first_name', 'email', 'phone'],
  },
  entryOf: (row) => ({
    ...state(row),
    realtorId: Number(row.realtor_id),
    name: text(row.name),
    lastName: text(row.last_name),
    firstName: text(row.first_name),
    email: text(row.email),
    phone: text(row.phone),
    phoneCountryCode: text(row.phone_country_code),
    message: text(row.message),
    consent: row.is_term === 'Y',
    page: nullable(row.page),
    kind: isContactKind(row.kind) ? row.kind : 'contact',
    details: parseDetails(row.details),
  }),
  columns: [
    ['inbox.field.id', (e) => String(e.id)],
    ['inbox.field.receivedAt', (e) => e.createdAt],
    ['inbox.field.status', (e) => e.status],
    ['inbox.field.kind', (e) => e.kind],
    ['inbox.field.name', (e) => e.name],
    ['inbox.field.email', (e) => e.email],
    ['inbox.field.phone', (e) => formatPhone(e.phone, e.phoneCountryCode)],
    ['inbox.field.countryCode', (e) => e.phoneCountryCode],
    ['inbox.field.message', (e) => e.message],
    ['inbox.field.details', (e, locale) => detailsText(e, locale)],
    ['inbox.field.locale', (e) => e.locale],
    ['inbox.field.page', (e) => e.page ?? ''],
    ['inbox.field.consentAt', (e) => (e.consent ? e.createdAt : '')],
    ['inbox.field.note', (e) => e.note],
  ],
}

export const leadSource: InboxSource<LeadEntry> = {
  table: 'leads',
  topic: 'lead',
  kinds: false,
  search: { index: 'lead_search', view: 'lead_search_text', columns: ['name', 'area', 'phone'] },
  entryOf: (row) => ({
    ...state(row),
    name: text(row.name),
    area: text(row.area),
    phone: text(row.phone),
    hasSite: row.has_site === 'yes' ? 'yes' : 'no',
    convertedAt: row.converted_at == null ? null : String(row.converted_at),
  }),
  columns: [
    ['inbox.field.id', (e) => String(e.id)],
    ['inbox.field.receivedAt', (e) => e.createdAt],
    ['inbox.field.status', (e) => e.status],
    ['inbox.field.name', (e) => e.name],
    ['inbox.field.phone', (e) => formatPhone(e.phone)],
    ['inbox.field.area', (e) => e.area],
    ['inbox.field.hasSite', (e) => e.hasSite],
    ['inbox.field.locale', (e) => e.locale],
    ['inbox.field.note', (e) => e.note],
  ],
}
