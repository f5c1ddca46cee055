// A loopback fake of an MLS's RESO Web API (OData 4, as CRMLS, FMLS and MLS Grid serve it;
// docs/decisions/093-reso-replication.md), for the replication tests and local runs; never deployed. Each
// feed lives under /feeds/{name}/ with data of its own, so tests sharing one fake do not meet:
//   POST /feeds/{name}/token          OAuth2 client credentials → { access_token, token_type, expires_in }
//   GET  /feeds/{name}/odata/Property $filter (`ModificationTimestamp gt …`, `ListingKey gt '…'`), $orderby
//                                     (ModificationTimestamp | ListingKey), $top, $select, $expand=Media,
//                                     server-driven paging through @odata.nextLink ($skiptoken)
//   GET  /feeds/{name}/media/{ListingKey}/{MediaKey}.{png|jpg}  the photo's bytes (a generated image)
// It answers as the documented services do: a bearer or 401 with an OData error body, 400 for a query
// option it does not take, 429 with Retry-After when throttling. Tests put listings into a feed, take them
// out, make the next answers fail (`/__control`: throttle, error500, drop — a body cut off mid-way — or
// expire the bearers) and read what was asked (`/__stats`).
import { createServer } from 'node:http'
import { deflateSync } from 'node:zlib'

export const FAKE_RESO_CLIENT_ID = 'fake-reso-client'
export const FAKE_RESO_CLIENT_SECRET = 'fake-reso-secret'
/** The most a page holds, whatever $top asks (MLS Grid's and Trestle's documented maximum with Media). */
const MAX_TOP = 200

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(bytes) {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/** A PNG of one colour, `width` × `height` (small on the wire whatever its size: it deflates to little). */
export function solidPng(width, height, [r, g, b] = [40, 120, 200]) {
  const chunk = (type, data) => {
    const head = Buffer.alloc(8)
    head.writeUInt32BE(data.length, 0)
    head.write(type, 4, 'ascii')
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])), 0)
    return Buffer.concat([head, data, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // truecolour
  const row = Buffer.alloc(1 + width * 3)
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3)
  const raw = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

class ODataError extends Error {
  constructor(status, code, message) {
    super(message)
    this.status = status
    this.code = code
  }
}

/** `ModificationTimestamp gt 2026-…Z` or `ListingKey gt 'A''B'`: the filters replication sends. */
function filterOf(text) {
  if (!text) return () => true
  const time = /^ModificationTimestamp gt (\d{4}-\d\d-\d\dT[\d:.]+(?:Z|[+-]\d\d:\d\d))$/.exec(text)
  if (time) {
    const after = Date.parse(time[1])
    return (record) => Date.parse(record.ModificationTimestamp) > after
  }
  const key = /^ListingKey gt '((?:[^']|'')*)'$/.exec(text)
  if (key) {
    const after = key[1].replaceAll("''", "'")
    return (record) => record.ListingKey > after
  }
  throw new ODataError(400, 'InvalidFilter', `The $filter '${text}' is not supported`)
}

/** A $skiptoken this fake made, or 400 as a server answers a token it no longer knows. */
function skipTokenOf(text) {
  try {
    const after = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
    if (Array.isArray(after) && after.length === 2) return after
  } catch {}
  throw new ODataError(400, 'InvalidSkipToken', 'The $skiptoken is invalid or has expired')
}

const ALLOWED = new Set(['$filter', '$orderby', '$top', '$expand', '$select', '$skiptoken'])

function feedState() {
  return {
    /** ListingKey → Property (with Media), as the MLS holds it. */
    listings: new Map(),
    tokens: new Set(),
    /** What the next /Property answers do instead: { mode, times, retryAfter }. */
    control: null,
    stats: { tokens: 0, pages: 0, media: {}, urls: [] },
    clock: Date.parse('2026-11-01T00:00:00Z'),
  }
}

/** Starts the fake on 127.0.0.1 (`port` 0: any free one). */
export async function startFakeReso({ port = 0 } = {}) {
  const feeds = new Map()
  const feedOf = (name) => {
    if (!feeds.has(name)) feeds.set(name, feedState())
    return feeds.get(name)
  }
  let origin = ''

  const server = createServer(async (request, response) => {
    const chunks = []
    for await (const chunk of request) chunks.push(chunk)
    const body = Buffer.concat(chunks).toString('utf8')
    const url = new URL(request.url ?? '/', 'http://fake')
    const send = (status, type, content, headers = {}) => {
      response.writeHead(status, { 'content-type': type, ...headers })
      response.end(content)
    }
    const json = (status, value, headers) =>
      send(status, 'application/json; charset=utf-8', JSON.stringify(value), headers)
    const odataError = (status, code, message, headers) => json(status, { error: { code, message } }, headers)
    const route = /^\/feeds\/([\w-]+)(\/.*)$/.exec(url.pathname)
    if (!route) return odataError(404, 'NotFound', 'No such feed')
    const [, name, rest] = route
    const feed = feedOf(name)
    const base = `${origin}/feeds/${name}`

    // Tests: the feed's listings, failures to come, and what was asked.
    if (rest === '/__listings' && request.method === 'POST') {
      for (const property of JSON.parse(body)) {
        feed.clock += 1000
        const stamped = { ModificationTimestamp: new Date(feed.clock).toISOString(), ...property }
        stamped.Media = (stamped.Media ?? []).map(({ redirect, gone, ...media }) => {
          const path = `/media/${encodeURIComponent(stamped.ListingKey)}/${encodeURIComponent(media.MediaKey)}.png?w=${media.ImageWidth ?? 1200}&h=${media.ImageHeight ?? 800}${gone ? '&gone=1' : ''}`
          // `redirect`: the URL answers 302 to the photo, as feeds' signed CDN addresses do; `gone`: 404.
          const MediaURL = redirect ? `${base}/redirect?to=${encodeURIComponent(path)}` : `${base}${path}`
          return { MediaURL, MediaCategory: 'Photo', ...media }
        })
        feed.listings.set(stamped.ListingKey, stamped)
      }
      return send(204, 'text/plain', '')
    }
    const listing = /^\/__listings\/(.+)$/.exec(rest)
    if (listing && request.method === 'DELETE') {
      feed.listings.delete(decodeURIComponent(listing[1]))
      return send(204, 'text/plain', '')
    }
    if (rest === '/__control' && request.method === 'POST') {
      const asked = JSON.parse(body)
      if (asked.mode === 'expireTokens') feed.tokens.clear()
      else feed.control = asked.mode ? { retryAfter: '30', times: 1, ...asked } : null
      return send(204, 'text/plain', '')
    }
    if (rest === '/__stats') return json(200, feed.stats)

    if (rest === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(body)
      if (form.get('grant_type') !== 'client_credentials')
        return json(400, { error: 'unsupported_grant_type', error_description: 'client_credentials only' })
      if (form.get('client_id') !== FAKE_RESO_CLIENT_ID || form.get('client_secret') !== FAKE_RESO_CLIENT_SECRET)
        return json(401, { error: 'invalid_client', error_description: 'Unknown client or wrong secret' })
      const token = `token-${feed.stats.tokens++}-${Math.random().toString(36).slice(2)}`
      feed.tokens.add(token)
      return json(200, { access_token: token, token_type: 'Bearer', expires_in: 28800 })
    }

    if (rest === '/redirect' && request.method === 'GET')
      return send(302, 'text/plain', '', { location: `/feeds/${name}${url.searchParams.get('to')}` })
    const media = /^\/media\/([^/]+)\/([^/]+)\.(png)$/.exec(rest)
    if (media && request.method === 'GET') {
      const key = `${decodeURIComponent(media[1])}/${decodeURIComponent(media[2])}`
      feed.stats.media[key] = (feed.stats.media[key] ?? 0) + 1
      if (url.searchParams.has('gone')) return odataError(404, 'NotFound', 'No such media')
      const width = Number(url.searchParams.get('w') ?? 1200)
      const height = Number(url.searchParams.get('h') ?? 800)
      return send(200, 'image/png', solidPng(width, height))
    }

    if (rest !== '/odata/Property' || request.method !== 'GET')
      return odataError(404, 'NotFound', `No resource at ${rest}`)
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
    if (!bearer || !feed.tokens.has(bearer))
      return odataError(401, 'Unauthorized', 'The access token is missing, invalid or expired', {
        'www-authenticate': 'Bearer error="invalid_token"',
      })
    feed.stats.pages++
    feed.stats.urls.push(url.pathname + url.search)
    const control = feed.control && feed.control.times-- > 0 ? feed.control : null
    if (feed.control && feed.control.times <= 0) feed.control = null
    if (control) {
      if (control.mode === 'throttle')
        return odataError(429, 'TooManyRequests', 'Rate limit exceeded', { 'retry-after': control.retryAfter })
      if (control.mode === 'error500') return odataError(500, 'InternalError', 'The server had an error')
    }
    try {
      for (const option of url.searchParams.keys())
        if (option.startsWith('$') && !ALLOWED.has(option))
          throw new ODataError(400, 'InvalidQuery', `The query option ${option} is not supported`)
      const filter = filterOf(url.searchParams.get('$filter'))
      const orderby = url.searchParams.get('$orderby') ?? 'ListingKey'
      if (orderby !== 'ModificationTimestamp' && orderby !== 'ListingKey')
        throw new ODataError(400, 'InvalidOrderBy', `$orderby ${orderby} is not supported`)
      const top = Math.min(Number(url.searchParams.get('$top') ?? MAX_TOP), MAX_TOP)
      if (!Number.isInteger(top) || top < 1) throw new ODataError(400, 'InvalidTop', '$top must be a positive integer')
      const select = url.searchParams.get('$select')?.split(',')
      const expand = url.searchParams.get('$expand') === 'Media'
      const sortKey = (record) =>
        orderby === 'ListingKey'
          ? [record.ListingKey, '']
          : [new Date(record.ModificationTimestamp).toISOString(), record.ListingKey]
      const compare = (a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)
      const skip = url.searchParams.get('$skiptoken')
      const after = skip ? skipTokenOf(skip) : null
      const matching = [...feed.listings.values()]
        .filter(filter)
        .filter((record) => !after || compare(sortKey(record), after) > 0)
        .sort((a, b) => compare(sortKey(a), sortKey(b)))
      const page = matching.slice(0, top)
      const value = page.map((record) => {
        const { Media, ...fields } = record
        const shown = select ? Object.fromEntries(select.map((field) => [field, fields[field]])) : fields
        return expand ? { ...shown, Media } : shown
      })
      const answer = { '@odata.context': `${base}/odata/$metadata#Property`, value }
      if (matching.length > top) {
        // The same query and a $skiptoken after the page's last record, `$` unescaped as the services write it.
        const options = [...url.searchParams].filter(([option]) => option !== '$skiptoken')
        options.push(['$skiptoken', Buffer.from(JSON.stringify(sortKey(page.at(-1)))).toString('base64url')])
        const query = options.map(([option, text]) => `${option}=${encodeURIComponent(text)}`).join('&')
        answer['@odata.nextLink'] = `${base}/odata/Property?${query}`
      }
      if (control?.mode === 'drop') {
        // The connection breaks off halfway through the body.
        const text = JSON.stringify(answer)
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': text.length })
        response.write(text.slice(0, Math.floor(text.length / 2)))
        return setTimeout(() => response.destroy(), 20)
      }
      return json(200, answer)
    } catch (error) {
      if (error instanceof ODataError) return odataError(error.status, error.code, error.message)
      throw error
    }
  })
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${server.address().port}`
  return {
    origin,
    /** The worker's variables for feed `name` of this fake (`prefix`: RESO_CRMLS or RESO_FMLS). */
    varsOf: (name, prefix = 'RESO_CRMLS') => ({
      [`${prefix}_BASE_URL`]: `${origin}/feeds/${name}/odata`,
      [`${prefix}_TOKEN_URL`]: `${origin}/feeds/${name}/token`,
      [`${prefix}_CLIENT_ID`]: FAKE_RESO_CLIENT_ID,
      [`${prefix}_CLIENT_SECRET`]: FAKE_RESO_CLIENT_SECRET,
    }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
