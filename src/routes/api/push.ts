// /v1/realtor/{id}/push (docs/decisions/065-web-push.md): the realtor's push devices, for the owner or an
// admin. GET lists them with the key browsers subscribe with; POST saves this browser's subscription
// (renewed when known, up to 20 devices); DELETE /{deviceId} removes one.
import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import { productionRules, webhookUrlProblem } from '../../lib/notifications/ssrf'
import { deviceLabel } from '../../lib/push/device-label'
import { listDevices, removeDevice, saveDevice } from '../../lib/push/devices'
import { subscriptionKeysAreUsable } from '../../lib/push/encrypt'
import { MAX_PUSH_DEVICES, pushSubscriptionSchema } from '../../lib/push/schema'
import { vapidKeys } from '../../lib/push/vapid'
import { INVALID_INPUT_MESSAGE } from '../../lib/validation'
import { apiLocale, apiMessage, jsonBody, limitBody, requireUser, signedIn } from '../../middleware/api'
import { ownRealtor, ownWritableRealtor } from './notifications'

const app = new Hono<AppEnv>()
const NO_STORE = { 'Cache-Control': 'no-store' }

// A subscription is a URL and two keys: 4 KB is plenty.
app.use('*', limitBody(4 * 1024), signedIn())

app.get('/', async (c) => {
  const realtor = await ownRealtor(c)
  const publicKey = vapidKeys(c.env)?.publicKey ?? null
  return c.json({ publicKey, subscriptions: await listDevices(c.env.DB, realtor.id) }, 200, NO_STORE)
})

/** A 400 on one field of the subscription, in the caller's language. */
function refused(c: Parameters<typeof apiLocale>[0], path: string, key: Parameters<typeof apiMessage>[1]): never {
  throw new AppError(400, INVALID_INPUT_MESSAGE[apiLocale(c)], { fields: [{ path, message: apiMessage(c, key) }] })
}

app.post('/', jsonBody(pushSubscriptionSchema), async (c) => {
  const input = c.req.valid('json')
  const realtor = await ownWritableRealtor(c)
  if (!vapidKeys(c.env)) throw new AppError(503, apiMessage(c, 'api.push.notConfigured'), { code: 'not_configured' })
  // The one SSRF rule of webhooks: in production a push service is a public https origin.
  const problem = webhookUrlProblem(input.endpoint, productionRules(c.env.ENVIRONMENT))
  if (problem === 'invalid') refused(c, 'endpoint', 'api.push.endpointInvalid')
  if (problem) refused(c, 'endpoint', 'api.push.endpointRefused')
  if (!(await subscriptionKeysAreUsable(input.keys))) refused(c, 'keys.p256dh', 'api.push.keysInvalid')
  const device = await saveDevice(c.env.DB, {
    realtorId: realtor.id,
    accountId: requireUser(c).id,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    label: deviceLabel(c.req.header('user-agent')),
    locale: apiLocale(c),
  })
  if (!device) throw new AppError(409, apiMessage(c, 'api.push.tooMany', { max: MAX_PUSH_DEVICES }))
  return c.json({ subscription: device }, 201, NO_STORE)
})

app.delete('/:deviceId', async (c) => {
  const realtor = await ownWritableRealtor(c)
  const id = c.req.param('deviceId')
  const removed = /^\d{1,15}$/.test(id) && (await removeDevice(c.env.DB, realtor.id, Number(id)))
  if (!removed) throw new AppError(404, apiMessage(c, 'api.push.notFound'))
  return c.body(null, 204, NO_STORE)
})

export default app
