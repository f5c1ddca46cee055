// A realtor's notification settings (migrations/0012_notifications.sql): the form's schema, shared by the
// settings island and the API, and the row's reads and writes. An empty address is a channel that is off.

import { isHttpUrl } from '../html'
import type { Locale } from '../locale'
import { EMAIL_PATTERN } from '../realtors/schema'
import * as z from '../zod'

/** A realtor's own destinations in the outbox, one per channel. */
export const REALTOR_DESTINATIONS = ['realtor-email', 'realtor-webhook'] as const
export type RealtorDestination = (typeof REALTOR_DESTINATIONS)[number]

const optional = (max: number, check: (value: string) => boolean, key: 'email' | 'url') =>
  z
    .string('invalid_type')
    .trim()
    .max(max, 'too_long')
    .refine((value) => value === '' || check(value), key)

/** The settings form: either address may be empty (that channel is off). */
export const notificationSettingsSchema = z.strictObject({
  email: optional(254, (value) => EMAIL_PATTERN.test(value), 'email'),
  webhookUrl: optional(2000, isHttpUrl, 'url'),
})

export type NotificationSettingsInput = z.output<typeof notificationSettingsSchema>

export interface NotificationSettings extends NotificationSettingsInput {
  /** The language notifications are written in. */
  locale: Locale
}

/**
 * What a realtor's notifications really do now (docs/decisions/063-notifications-on-by-default.md): the
 * saved choice, or, for a realtor who never saved one, the default — every contact by email to the
 * homepage's contact email, else the account's sign-in email. `email` is always an address mail may go to
 * (the default, the sign-in email, or one its owner confirmed); `pendingEmail` waits for confirmation.
 */
export interface EffectiveSettings extends NotificationSettings {
  /** True once the realtor saved a choice; false: the default is in force. */
  saved: boolean
  pendingEmail: string | null
  /** The sign-in email of the homepage's account (null without one): mail may go there unconfirmed. */
  accountEmail: string | null
}

/** The language of a realtor who never chose one: Korean, the product's first language (docs/product.md §9). */
const DEFAULT_LOCALE: Locale = 'ko'

interface SettingsRow {
  email: string
  webhook_url: string
  locale: Locale | null
  saved: number
  pending_email: string | null
  account_email: string | null
}

/**
 * The settings in force of realtor `id` (a SQL parameter such as `?1`), as one row or none (a realtor not in
 * this database): the one definition of the default (decision 063), read by findNotificationSettings and
 * turned into a new contact's deliveries inside its insert's batch (channelsOn). `email` is the address in
 * force ('' when none, as `webhook_url`): the saved one, or, never saved, the homepage's contact email (its
 * spaces trimmed), else the account's. Each part is a keyed scalar subquery: an index lookup whatever the
 * planner's statistics say of a small table (a LEFT JOIN of realtor_notifications was planned as a scan).
 */
const settingsInForce = (id: string) =>
  `SELECT CASE WHEN s.saved IS NULL
       THEN coalesce(nullif(trim(s.contact_email, char(32, 9, 10, 13)), ''), nullif(s.account_email, ''), '')
       ELSE coalesce(json_extract(s.saved, '$.email'), '') END AS email,
     coalesce(json_extract(s.saved, '$.webhookUrl'), '') AS webhook_url, json_extract(s.saved, '$.locale') AS locale,
     s.saved IS NOT NULL AS saved, json_extract(s.saved, '$.pending') AS pending_email, nullif(s.account_email, '') AS account_email
   FROM (SELECT json_extract(r.profile, '$.email') AS contact_email,
       (SELECT email FROM accounts WHERE id = r.user_id) AS account_email,
       (SELECT json_object('email', email, 'webhookUrl', webhook_url, 'locale', locale, 'pending', pending_email)
        FROM realtor_notifications WHERE realtor_id = ${id}) AS saved
     FROM realtors r WHERE r.id = ${id}) s`

/**
 * The outbox destinations of realtor `id`'s channels that are on (an address that is not empty: the rule of
 * enabledDestinations below, said in SQL for the batch that stores a contact): a SELECT of one column.
 */
export const channelsOn = (id: string) =>
  `SELECT channel.value FROM (${settingsInForce(id)}) s, json_each(json_array(
     CASE WHEN s.email != '' THEN 'realtor-email' END, CASE WHEN s.webhook_url != '' THEN 'realtor-webhook' END)) channel
   WHERE channel.value IS NOT NULL`

/** The realtor's settings in force, or null when the realtor is not in this database (upstream mode). */
export async function findNotificationSettings(db: D1Database, realtorId: number): Promise<EffectiveSettings | null> {
  const row = await db.prepare(settingsInForce('?1')).bind(realtorId).first<SettingsRow>()
  if (!row) return null
  return {
    email: row.email,
    webhookUrl: row.webhook_url,
    locale: row.locale ?? DEFAULT_LOCALE,
    saved: Boolean(row.saved),
    pendingEmail: row.pending_email,
    accountEmail: row.account_email,
  }
}

/** Whether mail may go to an address without its owner confirming it: the one in force, or the sign-in email. */
export function isTrustedEmail(settings: EffectiveSettings, email: string): boolean {
  const same = (other: string | null) => Boolean(other) && other!.toLowerCase() === email.toLowerCase()
  return same(settings.email) || same(settings.accountEmail)
}

/**
 * Saves a choice. `pending` is an address waiting for its owner (with the SHA-256 of its link's token),
 * or null to drop any; `email` stays the address in force meanwhile.
 */
export async function saveNotificationSettings(
  db: D1Database,
  realtorId: number,
  settings: NotificationSettings,
  pending: { email: string; tokenHash: string } | null = null,
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO realtor_notifications (realtor_id, email, webhook_url, locale, pending_email, pending_token, pending_sent_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, CASE WHEN ?5 IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END)
       ON CONFLICT (realtor_id) DO UPDATE SET email = ?2, webhook_url = ?3, locale = ?4,
         pending_email = ?5, pending_token = ?6, pending_sent_at = excluded.pending_sent_at,
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    )
    .bind(
      realtorId,
      settings.email,
      settings.webhookUrl,
      settings.locale,
      pending?.email ?? null,
      pending?.tokenHash ?? null,
    )
    .run()
}

/** How long a confirmation link works. */
export const CONFIRMATION_DAYS = 7

/**
 * Confirms a pending address by its token's hash: it becomes the address in force. Returns the realtor
 * and the address, or null for an unknown, used or expired link.
 */
export async function confirmPendingEmail(
  db: D1Database,
  tokenHash: string,
): Promise<{ realtorId: number; email: string } | null> {
  const row = await db
    .prepare(
      `UPDATE realtor_notifications SET email = pending_email, pending_email = NULL, pending_token = NULL,
         pending_sent_at = NULL, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE pending_token = ?1 AND pending_sent_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?2)
       RETURNING realtor_id, email`,
    )
    .bind(tokenHash, `-${CONFIRMATION_DAYS} days`)
    .first<{ realtor_id: number; email: string }>()
  return row ? { realtorId: row.realtor_id, email: row.email } : null
}

/** The channels that are on: one outbox destination each. */
export function enabledDestinations(settings: NotificationSettingsInput | null): RealtorDestination[] {
  if (!settings) return []
  const destinations: RealtorDestination[] = []
  if (settings.email) destinations.push('realtor-email')
  if (settings.webhookUrl) destinations.push('realtor-webhook')
  return destinations
}
