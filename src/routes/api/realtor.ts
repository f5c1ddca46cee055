// /v1/realtor (docs/product.md §7): public reads; create, update, delete, export, import and photo upload
// grants for admins (any realtor) and realtor accounts (their own). Upstream mode forwards all of it.
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../../env'
import { sessionSecret } from '../../lib/accounts/config'
import { publishRefusalText } from '../../lib/builder/publish-refusal'
import { hasWritePrecondition, noneMatchHits, writePreconditionFails } from '../../lib/conditional'
import { AppError } from '../../lib/errors'
import type { MessageKey } from '../../lib/i18n'
import { RenameLimitError, releaseHeldAddress, renameLimitFor } from '../../lib/realtors/address-changes'
import { licenseStateOf, REQUIREMENT_PATHS } from '../../lib/realtors/compliance'
import { d1Store, RealtorConflictError } from '../../lib/realtors/d1-store'
import { daysAfter, KEEP_DELETED_DAYS, restore, softDelete } from '../../lib/realtors/lifecycle'
import { canManage, isAdmin } from '../../lib/realtors/permissions'
import { readRealtor, realtorAnswer } from '../../lib/realtors/public-read'
import { isVisibleTo } from '../../lib/realtors/publish'
import { realtorCreateSchema, realtorImportSchema, realtorPatchSchema } from '../../lib/realtors/schema'
import {
  BusyProfileError,
  type Precondition,
  PublishIncompleteError,
  purgeRealtor,
  realtorServiceOf,
  StaleProfileError,
} from '../../lib/realtors/service'
import type { Realtor } from '../../lib/realtors/types'
import {
  isUploadType,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_FILES,
  signUploadUrl,
  UPLOAD_TTL_SECONDS,
  type UploadType,
  uploadKey,
} from '../../lib/uploads'
import { INVALID_INPUT_MESSAGE, validationMessage } from '../../lib/validation'
import * as z from '../../lib/zod'
import {
  apiLocale,
  apiMessage,
  checkedWrite,
  jsonBody,
  limitBody,
  parseInput,
  requireUser,
  signedIn,
} from '../../middleware/api'
import { executionContextOf } from '../../middleware/execution-context'
import { managedRealtor, requireAdmin, writableRealtor } from '../../middleware/permissions'
import { realtorProxy } from '../../middleware/realtor-proxy'
import { conflictError, renameLimitError } from './address-conflict'

const ID = '{[0-9]{1,15}}'
const MAX_IMPORT_BYTES = 1024 * 1024

const app = new Hono<AppEnv>()

app.use('*', limitBody(2 * MAX_IMPORT_BYTES), realtorProxy())

/** The API serves the embedded store (upstream mode never reaches these handlers). */
const findRealtor = (c: Context<AppEnv>, key: string) => d1Store(c.env.DB).find(key)

/**
 * The realtor a write names, after the caller's role and ownership are checked. A deleted homepage takes
 * no write, from anyone, until an admin restores it (410, writableRealtor); reads such as export still work.
 */
function writable(c: Context<AppEnv>, id: string, { read = false } = {}): Promise<Realtor> {
  return read ? managedRealtor(c, id) : writableRealtor(c, id)
}

/**
 * What the caller knew of the profile (If-Match, If-None-Match, If-Unmodified-Since; RFC 9110 §13), checked on
 * the profile as stored when the write applies; none sent: the write applies to whatever is stored then.
 */
function preconditionOf(c: Context<AppEnv>): Precondition | undefined {
  const headers = c.req.raw.headers
  if (!hasWritePrecondition(headers)) return undefined
  return async ({ realtor, updatedAt }) => {
    const { etag } = await realtorAnswer(realtor)
    return !writePreconditionFails(headers, { etag, lastModified: updatedAt })
  }
}

/**
 * A write the stored profile refused: a unique index or the address history (409 naming the field), a
 * precondition it fails (412 with the current ETag, decision 082), a profile that kept changing under it
 * (409), an address changed too often today (429 saying when it may change again, decision 083), or a homepage
 * published without the realtor's license or brokerage (409 `publish_incomplete` naming them, decision 101).
 */
async function withConflicts<T>(
  c: Context<AppEnv>,
  target: { desiredUrl?: string; realtorId?: number },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (error instanceof RenameLimitError) throw renameLimitError(c, error)
    if (error instanceof StaleProfileError) {
      c.header('ETag', (await realtorAnswer(error.current)).etag)
      throw new AppError(412, apiMessage(c, 'api.realtor.stale'))
    }
    if (error instanceof BusyProfileError) throw new AppError(409, apiMessage(c, 'api.realtor.busy'))
    if (error instanceof PublishIncompleteError) throw publishIncomplete(c, error)
    if (!(error instanceof RealtorConflictError)) throw error
    throw await conflictError(c, error, target.desiredUrl, target.realtorId ?? null)
  }
}

/** The 409 of a publish the rules refuse: the message names what is missing, each field says it is required. */
function publishIncomplete(c: Context<AppEnv>, error: PublishIncompleteError): AppError {
  const translate = (id: string, values?: Record<string, string>) => apiMessage(c, id as MessageKey, values)
  const state = licenseStateOf(error.realtor.activityRegion)
  const message = publishRefusalText(error.missing, state, apiLocale(c), translate)
  const required = translate('builder.publish.required')
  const fields = error.missing.map((requirement) => ({ path: REQUIREMENT_PATHS[requirement], message: required }))
  return new AppError(409, message, { code: 'publish_incomplete', fields })
}

/** A realtor as the API answers it after a write: with the ETag a next write names in If-Match. */
async function written(c: Context<AppEnv>, realtor: Realtor, status: 200 | 201) {
  const { json, etag } = await realtorAnswer(realtor)
  return c.body(json, status, { 'Content-Type': 'application/json', ETag: etag })
}

/** DELETE's body: the homepage's address, typed by the person deleting it. */
const deleteSchema = z.strictObject({ address: z.string('required').max(100, 'too_long') })

const presignSchema = z.strictObject({
  realtorId: z.coerce.number('number').int('integer').positive('too_small'),
  files: z
    .array(
      z.strictObject({
        name: z.string().max(200, 'too_long').optional(),
        contentType: z.string().refine(isUploadType, 'content_type'),
        size: z.number('number').int('integer').min(1, 'too_small').max(MAX_UPLOAD_BYTES, 'file_size'),
      }),
    )
    .min(1, 'required')
    .max(MAX_UPLOAD_FILES, 'too_many'),
})

app.post('/presigned-multi-file-upload', signedIn(), jsonBody(presignSchema), async (c) => {
  const { realtorId, files } = c.req.valid('json')
  const realtor = await writable(c, String(realtorId))
  const secret = sessionSecret(c.env)
  if (!secret) throw new AppError(500, apiMessage(c, 'api.config.sessionSecret'))
  const origin = new URL(c.req.url).origin
  const expires = Math.floor(Date.now() / 1000) + UPLOAD_TTL_SECONDS
  const grants = await Promise.all(
    files.map(async (file) => {
      const contentType = file.contentType as UploadType
      const grant = { key: uploadKey(realtor.id, contentType), contentType, maxBytes: file.size, expires }
      const uploadUrl = await signUploadUrl(origin, grant, secret)
      const url = uploadUrl.split('?')[0]!
      return { name: file.name ?? null, contentType, maxBytes: file.size, uploadUrl, url, expiresAt: expires }
    }),
  )
  return c.json(grants, 200)
})

app.get(`/export/:id${ID}`, async (c) => {
  const { deletedAt: _deletedAt, ...realtor } = await writable(c, c.req.param('id'), { read: true })
  const ascii = realtor.name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'realtor'
  const filename = `realtor-${realtor.id}-${ascii}.json`
  const utf8 = encodeURIComponent(`realtor-${realtor.id}-${realtor.name}.json`)
  return c.body(JSON.stringify(realtor, null, 2), 200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"; filename*=UTF-8''${utf8}`,
    'Cache-Control': 'no-store',
  })
})

app.post(`/import/:id${ID}`, async (c) => {
  const locale = apiLocale(c)
  const id = c.req.param('id')
  await writable(c, id)
  const form = await c.req.parseBody().catch(() => {
    throw new AppError(400, apiMessage(c, 'api.realtor.multipart'))
  })
  const { file, realtorId } = form
  const fields = []
  if (!(file instanceof File)) fields.push({ path: 'file', message: validationMessage('required', locale) })
  else if (file.size > MAX_IMPORT_BYTES) fields.push({ path: 'file', message: validationMessage('file_size', locale) })
  if (realtorId !== id) fields.push({ path: 'realtorId', message: validationMessage('realtor_id', locale) })
  if (fields.length > 0 || !(file instanceof File)) throw new AppError(400, INVALID_INPUT_MESSAGE[locale], { fields })
  let data: unknown
  try {
    data = JSON.parse(await file.text())
  } catch {
    throw new AppError(400, INVALID_INPUT_MESSAGE[locale], {
      fields: [{ path: 'file', message: validationMessage('json_file', locale) }],
    })
  }
  const input = parseInput(realtorImportSchema, data, locale)
  const realtor = await withConflicts(c, { desiredUrl: input.desiredUrl, realtorId: Number(id) }, () =>
    checkedWrite(locale, () =>
      realtorServiceOf(c.env, executionContextOf(c)).replace(Number(id), input, {
        precondition: preconditionOf(c),
        renameLimit: renameLimitFor(c.get('user')),
      }),
    ),
  )
  if (!realtor) throw new AppError(404, apiMessage(c, 'api.realtor.notFound', { id }))
  return written(c, realtor, 201)
})

// Through the isolate's data cache, with a strong ETag: If-None-Match answers 304 (decision 055).
app.get('/:key', async (c) => {
  const key = c.req.param('key')
  const user = c.get('user')
  const read = await readRealtor(c.get('dataCache'), key, (k) => findRealtor(c, k))
  // An unpublished realtor (a deleted one is unpublished too) is unknown to the public; its owner and
  // admins still read it.
  if (!read.realtor || !isVisibleTo(user, read.realtor))
    throw new AppError(404, apiMessage(c, 'api.realtor.notFound', { id: key }))
  // Whoever may edit it reads the stored profile itself, never cached: its ETag is the version their next
  // save names in If-Match (decision 082), and a copy cached before another session's save would be a 412.
  const fresh = canManage(user, read.realtor) ? await findRealtor(c, String(read.realtor.id)) : null
  if (fresh) c.header('Cache-Control', 'private, no-store')
  const answer = fresh ? await realtorAnswer(fresh) : read.answer
  if (!answer) throw new AppError(404, apiMessage(c, 'api.realtor.notFound', { id: key }))
  c.header('ETag', answer.etag)
  if (noneMatchHits(c.req.raw.headers, answer.etag)) return c.body(null, 304)
  return c.body(answer.json, 200, { 'Content-Type': 'application/json' })
})

app.post('/', signedIn(), jsonBody(realtorCreateSchema), async (c) => {
  const user = requireUser(c)
  const input = c.req.valid('json')
  const realtor = await withConflicts(c, { desiredUrl: input.desiredUrl }, () =>
    checkedWrite(apiLocale(c), () =>
      realtorServiceOf(c.env, executionContextOf(c)).create(input, isAdmin(user) ? null : user.id),
    ),
  )
  return c.json(realtor, 201)
})

app.patch(`/:id${ID}`, signedIn(), jsonBody(realtorPatchSchema), async (c) => {
  const realtor = await writable(c, c.req.param('id'))
  const locale = apiLocale(c)
  const patch = c.req.valid('json')
  // The merged profile may fail a check across fields (e.g. career end before its start, another
  // realtor's photo): a 400 naming them.
  // Applied to the profile as stored at the write, or a 412 when If-Match names an older version (decision 082).
  const updated = await withConflicts(c, { desiredUrl: patch.desiredUrl, realtorId: realtor.id }, () =>
    checkedWrite(locale, () =>
      realtorServiceOf(c.env, executionContextOf(c)).update(realtor.id, patch, {
        precondition: preconditionOf(c),
        renameLimit: renameLimitFor(c.get('user')),
      }),
    ),
  )
  if (!updated) throw new AppError(404, apiMessage(c, 'api.realtor.notFound', { id: String(realtor.id) }))
  return written(c, updated, 200)
})

// Soft: the homepage is unpublished and kept 30 days for an admin to restore, then the cron removes
// it. The caller types the address to confirm, admins too (docs/decisions/047-site-lifecycle.md).
app.delete(`/:id${ID}`, async (c) => {
  const realtor = await writable(c, c.req.param('id'))
  const locale = apiLocale(c)
  let body: unknown
  try {
    body = JSON.parse((await c.req.text()) || '{}')
  } catch {
    throw new AppError(400, apiMessage(c, 'api.body.malformed'))
  }
  const { address } = parseInput(deleteSchema, body, locale)
  if (address.trim().toLowerCase() !== realtor.desiredUrl.toLowerCase()) {
    const message = apiMessage(c, 'builder.lifecycle.addressMismatch', { address: realtor.desiredUrl })
    throw new AppError(400, INVALID_INPUT_MESSAGE[locale], { fields: [{ path: 'address', message }] })
  }
  await softDelete(c.env.DB, realtor.id)
  await purgeRealtor(c.env, realtor.id, executionContextOf(c))
  const deleted = await findRealtor(c, String(realtor.id))
  const deletedAt = deleted?.deletedAt ?? new Date().toISOString()
  return c.json({ id: realtor.id, deleted: true, deletedAt, keptUntil: daysAfter(deletedAt, KEEP_DELETED_DAYS) })
})

// An admin brings a deleted homepage back within its 30 days; it stays unpublished until its realtor
// publishes it again.
app.post(`/:id${ID}/restore`, signedIn(), async (c) => {
  requireAdmin(c, 'builder.lifecycle.restoreAdminOnly')
  const id = c.req.param('id')
  if (!(await restore(c.env.DB, Number(id)))) throw new AppError(404, apiMessage(c, 'api.realtor.notFound', { id }))
  await purgeRealtor(c.env, id, executionContextOf(c))
  return c.json(await findRealtor(c, id))
})

// An admin releases an old address of a realtor (docs/decisions/083-address-squatting.md): it stops
// redirecting and anyone may take it at once. A deleted homepage's are released after its restore (081).
app.delete(`/:id${ID}/addresses/:address`, async (c) => {
  requireAdmin(c, 'api.realtor.releaseAdminOnly')
  const realtor = await writable(c, c.req.param('id'))
  const address = c.req.param('address').slice(0, 100)
  if (!(await releaseHeldAddress(c.env.DB, realtor.id, address)))
    throw new AppError(404, apiMessage(c, 'api.realtor.addressNotHeld', { address }))
  await purgeRealtor(c.env, realtor.id, executionContextOf(c))
  return c.json({ realtorId: realtor.id, address, released: true })
})

export default app
