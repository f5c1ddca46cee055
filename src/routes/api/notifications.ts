// /v1/realtor/{id}/notifications (docs/decisions/050-notifications.md): a realtor's notification settings,
// read and written by the owner or an admin, and a test notification through the same sender as real ones.
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import { displayNameOf } from '../../lib/home/profile'
import { confirmationLink, newConfirmation, sendConfirmation } from '../../lib/notifications/confirm'
import { inboxLink, notificationOf } from '../../lib/notifications/message'
import { sendNotification } from '../../lib/notifications/send'
import {
  type EffectiveSettings,
  enabledDestinations,
  findNotificationSettings,
  isTrustedEmail,
  type NotificationSettingsInput,
  notificationSettingsSchema,
  saveNotificationSettings,
} from '../../lib/notifications/settings'
import { productionRules, webhookUrlProblem } from '../../lib/notifications/ssrf'
import { outboxConfig } from '../../lib/outbox/config'
import { markNotified, realtorClock, saveTimeZone } from '../../lib/realtors/own-settings'
import type { Realtor } from '../../lib/realtors/types'
import { isTimeZone } from '../../lib/time-zone'
import { INVALID_INPUT_MESSAGE } from '../../lib/validation'
import * as z from '../../lib/zod'
import { apiLocale, apiMessage, enforceRateLimit, jsonBody, limitBody, signedIn } from '../../middleware/api'
import { managedRealtor, writableRealtor } from '../../middleware/permissions'

const app = new Hono<AppEnv>()
const NO_STORE = { 'Cache-Control': 'no-store' }

app.use('*', limitBody(16 * 1024), signedIn())

/** The realtor of the path, for a caller who may manage it (404 for an unknown id); the push API's too. */
export const ownRealtor = (c: Context<AppEnv>): Promise<Realtor> => managedRealtor(c, c.req.param('id') ?? '')

/** The same for a write: a deleted homepage takes none (410, decision 047). */
export const ownWritableRealtor = (c: Context<AppEnv>): Promise<Realtor> => writableRealtor(c, c.req.param('id') ?? '')

/** The SSRF rules of the environment: a refused webhook URL is a 400 on `webhookUrl`. */
function checkWebhookUrl(c: Context<AppEnv>, settings: NotificationSettingsInput): void {
  if (!settings.webhookUrl) return
  const problem = webhookUrlProblem(settings.webhookUrl, productionRules(c.env.ENVIRONMENT))
  if (!problem) return
  const key =
    problem === 'https'
      ? 'builder.notify.webhookHttps'
      : problem === 'private'
        ? 'builder.notify.webhookPrivate'
        : 'builder.notify.webhookInvalid'
  throw new AppError(400, INVALID_INPUT_MESSAGE[apiLocale(c)], {
    fields: [{ path: 'webhookUrl', message: apiMessage(c, key) }],
  })
}

/** What the screen and the API show: the settings in force, whether they were chosen, and what waits. */
function view(settings: EffectiveSettings) {
  const { email, webhookUrl, locale } = settings
  return {
    settings: { email, webhookUrl, locale },
    channels: enabledDestinations(settings),
    saved: settings.saved,
    pendingEmail: settings.pendingEmail,
  }
}

async function settingsOf(c: Context<AppEnv>, realtor: Realtor): Promise<EffectiveSettings> {
  const settings = await findNotificationSettings(c.env.DB, realtor.id)
  if (!settings) throw new AppError(404, apiMessage(c, 'api.realtor.notFound', { id: String(realtor.id) }))
  return settings
}

app.get('/', async (c) => {
  const realtor = await ownRealtor(c)
  return c.json(view(await settingsOf(c, realtor)), 200, NO_STORE)
})

/**
 * Saves both channels; the builder's language becomes the notifications' language. An address that is
 * neither the one in force nor the sign-in email is not used until its owner opens the link mailed to it.
 */
app.put('/', jsonBody(notificationSettingsSchema), async (c) => {
  const input = c.req.valid('json')
  const realtor = await ownWritableRealtor(c)
  checkWebhookUrl(c, input)
  const current = await settingsOf(c, realtor)
  const locale = apiLocale(c)
  if (!input.email || isTrustedEmail(current, input.email)) {
    await saveNotificationSettings(c.env.DB, realtor.id, { ...input, locale })
    return c.json({ ...view(await settingsOf(c, realtor)), confirmationSent: false }, 200, NO_STORE)
  }
  // Each confirmation is a real email to an address nobody vouched for: a budget per homepage.
  await enforceRateLimit(c, c.env.NOTIFY_TEST_LIMITER, () => `notify-confirm:${realtor.id}`, 'api.notify.tooMany', {
    limitEveryone: true,
  })
  const { token, tokenHash } = await newConfirmation()
  const link = confirmationLink(c.env.PUBLIC_ORIGIN, realtor.desiredUrl, locale, token)
  // The address in force keeps getting contacts until the new one is confirmed.
  const settings = { email: current.email, webhookUrl: input.webhookUrl, locale }
  await saveNotificationSettings(c.env.DB, realtor.id, settings, { email: input.email, tokenHash })
  let confirmationSent = true
  try {
    const homepage = displayNameOf(realtor, locale)
    await sendConfirmation(outboxConfig(c.env, c.get('upstreamFetch')), { to: input.email, link, homepage, locale })
  } catch (error) {
    // Saved all the same: the screen says the mail did not go, and saving again sends a new link.
    console.warn(`[notify] confirmation to a new address of realtor ${realtor.id} failed:`, error)
    confirmationSent = false
  }
  return c.json({ ...view(await settingsOf(c, realtor)), confirmationSent }, 200, NO_STORE)
})

/**
 * A sample notification to each channel of the posted settings (saved or not), so the form can be tried
 * before it is saved; `inForce` says whether those are the settings contacts use now. Mail goes only to an
 * address that may get it unconfirmed. Each channel's outcome is reported; nothing is retried.
 */
app.post('/test', jsonBody(notificationSettingsSchema), async (c) => {
  const input = c.req.valid('json')
  const realtor = await ownWritableRealtor(c)
  checkWebhookUrl(c, input)
  const channels = enabledDestinations(input)
  // Each test is a real email or post: a budget per homepage, whoever and wherever the caller is.
  await enforceRateLimit(c, c.env.NOTIFY_TEST_LIMITER, () => `notify-test:${realtor.id}`, 'api.notify.tooMany', {
    limitEveryone: true,
  })
  if (channels.length === 0) {
    throw new AppError(400, INVALID_INPUT_MESSAGE[apiLocale(c)], {
      fields: [{ path: 'email', message: apiMessage(c, 'builder.notify.noChannel') }],
    })
  }
  const current = await settingsOf(c, realtor)
  const inForce = input.email === current.email && input.webhookUrl === current.webhookUrl
  const locale = apiLocale(c)
  const config = outboxConfig(c.env, c.get('upstreamFetch'))
  const sample = {
    id: 0,
    name: apiMessage(c, 'builder.notify.sampleName'),
    phone: '+14045557788',
    email: 'visitor@example.com',
    message: apiMessage(c, 'builder.notify.sampleMessage'),
  }
  const link = inboxLink(c.env.PUBLIC_ORIGIN, realtor.desiredUrl, null, locale)
  const { timeZone } = await realtorClock(c.env.DB, realtor.id)
  const notification = notificationOf({ ...sample, createdAt: new Date().toISOString() }, link, locale, {
    test: true,
    timeZone,
  })
  const key = `test-${crypto.randomUUID()}`
  const results = await Promise.all(
    channels.map(async (channel): Promise<{ channel: string; ok: boolean; reason?: string }> => {
      if (channel === 'realtor-email' && !isTrustedEmail(current, input.email)) {
        return { channel, ok: false, reason: 'unconfirmed' }
      }
      try {
        await sendNotification(config, channel, input, notification, key)
        return { channel, ok: true }
      } catch (error) {
        console.warn(`[notify] test to ${channel} of realtor ${realtor.id} failed:`, error)
        return { channel, ok: false }
      }
    }),
  )
  if (results.some((result) => result.ok)) await markNotified(c.env.DB, realtor.id)
  return c.json({ results, inForce }, 200, NO_STORE)
})

const timeZoneSchema = z.strictObject({
  timeZone: z.union([z.literal(''), z.string('invalid_type').refine(isTimeZone, 'invalid_type')]),
})

/**
 * The clock of the realtor's inbox, dashboard and notifications (decision 063); `''` goes back to the
 * zone their activity regions imply. Kept beside the notification settings it times.
 */
app.get('/time-zone', async (c) => {
  const realtor = await ownRealtor(c)
  return c.json(await realtorClock(c.env.DB, realtor.id), 200, NO_STORE)
})

app.put('/time-zone', jsonBody(timeZoneSchema), async (c) => {
  const { timeZone } = c.req.valid('json')
  const realtor = await ownWritableRealtor(c)
  await saveTimeZone(c.env.DB, realtor.id, isTimeZone(timeZone) ? timeZone : null)
  return c.json(await realtorClock(c.env.DB, realtor.id), 200, NO_STORE)
})

export default app
