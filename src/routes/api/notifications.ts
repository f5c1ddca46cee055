// /v1/realtor/{id}/notifications (docs/decisions/050-notifications.md): a realtor's notification settings,
// read and written by the owner or an admin, and a test notification through the same sender as real ones.
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import { inboxLink, notificationOf } from '../../lib/notifications/message'
import { sendNotification } from '../../lib/notifications/send'
import {
  enabledDestinations,
  findNotificationSettings,
  type NotificationSettingsInput,
  notificationSettingsSchema,
  saveNotificationSettings,
} from '../../lib/notifications/settings'
import { productionRules, webhookUrlProblem } from '../../lib/notifications/ssrf'
import { outboxConfig } from '../../lib/outbox/config'
import { d1Store } from '../../lib/realtors/d1-store'
import type { Realtor } from '../../lib/realtors/types'
import { INVALID_INPUT_MESSAGE } from '../../lib/validation'
import {
  apiLocale,
  apiMessage,
  assertCanWrite,
  enforceRateLimit,
  jsonBody,
  limitBody,
  requireUser,
  signedIn,
} from '../../middleware/api'

const app = new Hono<AppEnv>()
const NO_STORE = { 'Cache-Control': 'no-store' }

app.use('*', limitBody(16 * 1024), signedIn())

/** The realtor of the path, for its owner or an admin only (404 for an unknown id); the push API's too. */
export async function ownRealtor(c: Context<AppEnv>): Promise<Realtor> {
  const id = c.req.param('id') ?? ''
  const realtor = /^\d{1,15}$/.test(id) ? await d1Store(c.env.DB).find(id) : null
  if (!realtor) throw new AppError(404, apiMessage(c, 'api.realtor.notFound', { id: id.slice(0, 20) }))
  assertCanWrite(c, requireUser(c), realtor)
  return realtor
}

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

app.get('/', async (c) => {
  const realtor = await ownRealtor(c)
  const saved = await findNotificationSettings(c.env.DB, realtor.id)
  return c.json({ settings: saved, channels: enabledDestinations(saved) }, 200, NO_STORE)
})

/** Saves both addresses; the builder's language becomes the notifications' language. */
app.put('/', jsonBody(notificationSettingsSchema), async (c) => {
  const input = c.req.valid('json')
  const realtor = await ownRealtor(c)
  checkWebhookUrl(c, input)
  const settings = { ...input, locale: apiLocale(c) }
  await saveNotificationSettings(c.env.DB, realtor.id, settings)
  return c.json({ settings, channels: enabledDestinations(settings) }, 200, NO_STORE)
})

/**
 * A sample notification to each channel of the posted settings (saved or not), so the form can be tried
 * before it is saved. Each channel's outcome is reported; nothing is stored and nothing is retried.
 */
app.post('/test', jsonBody(notificationSettingsSchema), async (c) => {
  const input = c.req.valid('json')
  const realtor = await ownRealtor(c)
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
  const locale = apiLocale(c)
  const config = outboxConfig(c.env, c.get('upstreamFetch'))
  const sample = {
    id: 0,
    name: apiMessage(c, 'builder.notify.sampleName'),
    phone: '01012345678',
    email: 'visitor@example.com',
    message: apiMessage(c, 'builder.notify.sampleMessage'),
  }
  const link = inboxLink(c.env.PUBLIC_ORIGIN, realtor.desiredUrl, null, locale)
  const notification = notificationOf(sample, link, locale, true)
  const key = `test-${crypto.randomUUID()}`
  const results = await Promise.all(
    channels.map(async (channel) => {
      try {
        await sendNotification(config, channel, input, notification, key)
        return { channel, ok: true }
      } catch (error) {
        console.warn(`[notify] test to ${channel} of realtor ${realtor.id} failed:`, error)
        return { channel, ok: false }
      }
    }),
  )
  return c.json({ results }, 200, NO_STORE)
})

export default app
