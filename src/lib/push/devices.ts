// A realtor's push devices in D1 (migrations/0020_push_subscriptions.sql): listed and removed by the
// builder, saved when a browser subscribes, read by the sender, and turned into one outbox destination
// each when a contact arrives (docs/decisions/065-web-push.md).
import type { Locale } from '../locale'
import type { SubscriptionKeys } from './encrypt'
import { MAX_PUSH_DEVICES, type PushDevice } from './schema'

export interface NewDevice extends SubscriptionKeys {
  realtorId: number
  accountId: number
  endpoint: string
  label: string
  locale: Locale
}

/** What the sender needs of a device: where to post, the keys to encrypt with, and the inbox to link. */
export interface DeviceTarget extends SubscriptionKeys {
  id: number
  realtorId: number
  endpoint: string
  locale: Locale
  /** The realtor's desired URL, for the inbox link; null when the realtor is not in this database. */
  desiredUrl: string | null
}

interface DeviceRow {
  id: number
  label: string
  created_at: string
}

const deviceOf = (row: DeviceRow): PushDevice => ({ id: row.id, label: row.label, createdAt: row.created_at })

export async function listDevices(db: D1Database, realtorId: number): Promise<PushDevice[]> {
  const { results } = await db
    .prepare('SELECT id, label, created_at FROM push_subscriptions WHERE realtor_id = ? ORDER BY id LIMIT ?')
    .bind(realtorId, MAX_PUSH_DEVICES)
    .all<DeviceRow>()
  return results.map(deviceOf)
}

/**
 * Saves a browser's subscription, or renews it (new keys, label, owner) when its endpoint is known: the
 * browser holding the endpoint and its keys is that device. A new device past the realtor's cap is not
 * saved (null); one already listed always renews, so the cap never locks a device out of itself.
 */
export async function saveDevice(db: D1Database, device: NewDevice): Promise<PushDevice | null> {
  const row = await db
    .prepare(
      `INSERT INTO push_subscriptions (realtor_id, account_id, endpoint, p256dh, auth, label, locale)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
       WHERE (SELECT COUNT(*) FROM push_subscriptions WHERE realtor_id = ?1) < ?8
          OR EXISTS (SELECT 1 FROM push_subscriptions WHERE endpoint = ?3 AND realtor_id = ?1)
       ON CONFLICT (endpoint) DO UPDATE SET realtor_id = ?1, account_id = ?2, p256dh = ?4, auth = ?5,
         label = ?6, locale = ?7
       RETURNING id, label, created_at`,
    )
    .bind(
      device.realtorId,
      device.accountId,
      device.endpoint,
      device.p256dh,
      device.auth,
      device.label,
      device.locale,
      MAX_PUSH_DEVICES,
    )
    .first<DeviceRow>()
  return row ? deviceOf(row) : null
}

/** Removes one of the realtor's devices; false when it has no such device. Its waiting deliveries settle unsent. */
export async function removeDevice(db: D1Database, realtorId: number, id: number): Promise<boolean> {
  const result = await db
    .prepare('DELETE FROM push_subscriptions WHERE id = ? AND realtor_id = ?')
    .bind(id, realtorId)
    .run()
  return result.meta.changes > 0
}

/**
 * A new contact's push destinations, one per device realtor `id` (a SQL parameter) has now, at most
 * MAX_PUSH_DEVICES: a SELECT of one column for the batch that stores the contact (enqueue's `more`), each
 * named as pushDestination names it.
 */
export const pushDestinationsOf = (id: string) =>
  `SELECT * FROM (SELECT 'realtor-push:' || id FROM push_subscriptions WHERE realtor_id = ${id} ORDER BY id LIMIT ${MAX_PUSH_DEVICES})`

/** The device a delivery goes to, with its realtor's desired URL; null once it was removed. */
export async function findDeviceTarget(db: D1Database, id: number): Promise<DeviceTarget | null> {
  const row = await db
    .prepare(
      `SELECT s.id, s.realtor_id, s.endpoint, s.p256dh, s.auth, s.locale, r.desired_url
       FROM push_subscriptions s LEFT JOIN realtors r ON r.id = s.realtor_id WHERE s.id = ?`,
    )
    .bind(id)
    .first<{
      id: number
      realtor_id: number
      endpoint: string
      p256dh: string
      auth: string
      locale: Locale
      desired_url: string | null
    }>()
  if (!row) return null
  const { realtor_id, desired_url, ...rest } = row
  return { ...rest, realtorId: realtor_id, desiredUrl: desired_url }
}

/** The statement that removes a realtor's devices, for the purge of a deleted homepage's data. */
export const removeDevicesOf = (db: D1Database, realtorId: number): D1PreparedStatement =>
  db.prepare('DELETE FROM push_subscriptions WHERE realtor_id = ?').bind(realtorId)
