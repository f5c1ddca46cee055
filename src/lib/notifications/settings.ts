// A realtor's notification settings (migrations/0012_notifications.sql): the form's schema, shared by the
// settings island and the API, and the row's reads and writes. An empty address is a channel that is off.
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

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

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

/** The realtor's saved settings, or null when they never saved any (no channel of their own). */
export async function findNotificationSettings(
  db: D1Database,
  realtorId: number,
): Promise<NotificationSettings | null> {
  const row = await db
    .prepare('SELECT email, webhook_url, locale FROM realtor_notifications WHERE realtor_id = ?')
    .bind(realtorId)
    .first<{ email: string; webhook_url: string; locale: Locale }>()
  return row ? { email: row.email, webhookUrl: row.webhook_url, locale: row.locale } : null
}

export async function saveNotificationSettings(
  db: D1Database,
  realtorId: number,
  settings: NotificationSettings,
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO realtor_notifications (realtor_id, email, webhook_url, locale) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (realtor_id) DO UPDATE SET email = ?2, webhook_url = ?3, locale = ?4,
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    )
    .bind(realtorId, settings.email, settings.webhookUrl, settings.locale)
    .run()
}

/** The channels that are on: one outbox destination each. */
export function enabledDestinations(settings: NotificationSettingsInput | null): RealtorDestination[] {
  if (!settings) return []
  const destinations: RealtorDestination[] = []
  if (settings.email) destinations.push('realtor-email')
  if (settings.webhookUrl) destinations.push('realtor-webhook')
  return destinations
}
