// The inbox's buyers as JSON (issue 32, docs/decisions/109-buyers-in-the-inbox.md): GET
// /v1/realtor-buyers?realtorId= (a keyset page, newest first) and GET /v1/realtor-buyers/{id} (one buyer
// with their timeline), for the realtor who owns the homepage or an admin, as the contacts' inbox API
// allows (./inbox.ts). Another realtor's buyer answers 404 exactly as a buyer that does not exist.
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../../env'
import { buyerRealtorId, findBuyer, listBuyers, ownRealtorId } from '../../lib/buyers/inbox'
import { AppError } from '../../lib/errors'
import { canManage } from '../../lib/realtors/permissions'
import { INVALID_INPUT_MESSAGE, validationMessage } from '../../lib/validation'
import * as z from '../../lib/zod'
import { apiLocale, apiMessage, queryParams, requireUser } from '../../middleware/api'
import { apiCors } from '../../middleware/cors'

const NO_STORE = { 'Cache-Control': 'no-store' }

const id = z.coerce.number('number').int('integer').positive('too_small').max(Number.MAX_SAFE_INTEGER, 'too_big')

const listSchema = z.strictObject({
  realtorId: id.optional(),
  after: id.optional(),
  limit: z.coerce.number().int('invalid_type').min(1, 'invalid_type').max(100, 'too_big').optional().default(50),
})

const oneSchema = z.strictObject({ realtorId: id.optional() })

const notFound = (c: Context<AppEnv>) => new AppError(404, apiMessage(c, 'buyers.notFound'))

/** The homepage's realtor when the signed-in user may manage it; null when there is none or they may not. */
async function managedRealtor(c: Context<AppEnv>, realtorId: number) {
  const user = requireUser(c)
  const realtor = await c.get('realtors').find(String(realtorId))
  if (!realtor || realtor.id !== realtorId) return null
  return canManage(user, realtor) ? realtor : undefined
}

const buyers = new Hono<AppEnv>()
buyers.use('*', apiCors({ isPublicRead: () => false }))

buyers.get('/', queryParams(listSchema), async (c) => {
  requireUser(c)
  const query = c.req.valid('query')
  if (query.realtorId === undefined) {
    const message = validationMessage('required', apiLocale(c))
    throw new AppError(400, INVALID_INPUT_MESSAGE[apiLocale(c)], { fields: [{ path: 'realtorId', message }] })
  }
  const realtor = await managedRealtor(c, query.realtorId)
  // As the contacts' list: no such homepage is 404, someone else's 403, and neither shows anything.
  if (realtor === null) throw new AppError(404, apiMessage(c, 'api.inbox.notFound'))
  if (!realtor) throw new AppError(403, apiMessage(c, 'api.inbox.forbidden'))
  return c.json(await listBuyers(c.env.DB, realtor.id, query), 200, NO_STORE)
})

buyers.get('/:id{[0-9]{1,15}}', queryParams(oneSchema), async (c) => {
  const user = requireUser(c)
  const buyerId = Number(c.req.param('id'))
  const { realtorId: named } = c.req.valid('query')
  // The realtor whose buyers are read: the one named (an admin's choice, or the realtor's own), else the
  // signed-in realtor's homepage. An admin naming none reads by the buyer's own realtor.
  const realtorId =
    named ?? (user.role === 'admin' ? await buyerRealtorId(c.env.DB, buyerId) : await ownRealtorId(c.env.DB, user.id))
  if (realtorId === null || !(await managedRealtor(c, realtorId))) throw notFound(c)
  const buyer = await findBuyer(c.env.DB, realtorId, buyerId)
  if (!buyer) throw notFound(c)
  return c.json(buyer, 200, NO_STORE)
})

export default buyers
