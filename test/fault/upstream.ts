// A misbehaving upstream for the fault tests, started by vitest's global setup in Node. Each mode
// listens on its own loopback port, so it can stand in for an API origin (REALTOR_API_ORIGIN,
// LISTINGS_API_ORIGIN) as well as a webhook URL.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export const FAULT_MODES = [
  'timeout',
  'error500',
  'error502',
  'invalidJson',
  'reset',
  'truncated',
  'slowBody',
  'trickle',
  'hugeBody',
  'hugeChunked',
  'html',
  'redirect',
  'flaky',
] as const
export type FaultMode = (typeof FAULT_MODES)[number]
export type FaultOrigins = Record<FaultMode, string>

/** Modes that answer too slowly, headers or body: a reader gives up at its deadline (504). */
export const SLOW_MODES: readonly FaultMode[] = ['timeout', 'slowBody', 'trickle']
/** The gateway error a reader of `mode`'s answers gives: 504 past the deadline, else 502. */
export const gatewayStatus = (mode: FaultMode) => (SLOW_MODES.includes(mode) ? 504 : 502)

const SECRET_BODY = 'UPSTREAM-STACK-TRACE at secret.internal:1337'
/** Bigger than any upstream body a reader takes (2 MB of listings), and valid JSON of a realtor and a listing page. */
const HUGE_BODY = JSON.stringify({
  id: 1,
  desiredUrl: 'janekim',
  homes: [],
  total: 0,
  currentPage: 0,
  homesPerGroup: 12,
  padding: `${SECRET_BODY} ${'x'.repeat(3 * 1024 * 1024)}`,
})
/** Valid-looking JSON sent a byte every TRICKLE_MS: about 12 s in all, far past any test's deadline. */
const TRICKLE_BODY = '{"id": 1, "desiredUrl": "janekim", "homes": [], "total": 0}'
const TRICKLE_MS = 200

function handlerFor(mode: FaultMode) {
  let calls = 0
  /** Bodies the flaky mode took (answered 200): `GET /__delivered` lists them, `DELETE` forgets them. */
  const delivered: string[] = []
  return (request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => {
    if (request.url === '/__delivered') {
      if (request.method === 'DELETE') delivered.length = 0
      response.writeHead(200, { 'content-type': 'application/json' })
      return response.end(JSON.stringify(delivered))
    }
    const call = ++calls
    if (mode === 'flaky') {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        // Fails every other call, by arrival (not by when its body ends): for "leads are never lost".
        if (call % 2) {
          response.writeHead(500)
          return response.end(SECRET_BODY)
        }
        delivered.push(Buffer.concat(chunks).toString('utf8'))
        response.writeHead(200, { 'content-type': 'text/plain' })
        response.end('ok')
      })
      return
    }
    request.resume()
    // A reader that gives up closes the socket mid-body: that is expected, not a server error.
    response.on('error', () => {})
    switch (mode) {
      case 'timeout':
        // Never answers; the socket closes when the server does.
        return
      case 'error500':
      case 'error502':
        response.writeHead(mode === 'error500' ? 500 : 502, { 'content-type': 'text/plain' })
        return response.end(SECRET_BODY)
      case 'invalidJson':
        response.writeHead(200, { 'content-type': 'application/json' })
        return response.end(`{"id": 1, "desiredUrl": "broken", ${SECRET_BODY}`)
      case 'reset':
        return request.socket.destroy()
      case 'truncated':
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '10000' })
        response.write('{"id": 1, "desiredUrl": "trunc')
        return setTimeout(() => request.socket.destroy(), 20)
      case 'slowBody':
        // Headers and the body's first bytes now, the rest never; the socket closes when the server does.
        response.writeHead(200, { 'content-type': 'application/json' })
        return response.write('{"id": 1, "desiredUrl": "slow')
      case 'trickle': {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.flushHeaders()
        let sent = 0
        const timer = setInterval(() => {
          response.write(TRICKLE_BODY[sent++])
          if (sent === TRICKLE_BODY.length) response.end()
        }, TRICKLE_MS)
        response.on('close', () => clearInterval(timer))
        return
      }
      case 'hugeBody':
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(HUGE_BODY.length) })
        return response.end(HUGE_BODY)
      case 'hugeChunked':
        // No Content-Length: written in parts, so the length is only known by reading.
        response.writeHead(200, { 'content-type': 'application/json' })
        for (let at = 0; at < HUGE_BODY.length; at += 64 * 1024) response.write(HUGE_BODY.slice(at, at + 64 * 1024))
        return response.end()
      case 'html':
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        return response.end(`<!doctype html><html><body><h1>Error</h1><pre>${SECRET_BODY}</pre></body></html>`)
      case 'redirect':
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data', 'content-type': 'text/html' })
        return response.end(`<a href="http://169.254.169.254/latest/meta-data">${SECRET_BODY}</a>`)
    }
  }
}

export async function startFaultUpstreams(): Promise<{ origins: FaultOrigins; close: () => Promise<void> }> {
  const servers: Server[] = []
  const origins = {} as FaultOrigins
  for (const mode of FAULT_MODES) {
    const server = createServer(handlerFor(mode))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    servers.push(server)
    origins[mode] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }
  return {
    origins,
    close: async () => {
      for (const server of servers) {
        server.closeAllConnections()
        await new Promise((resolve) => server.close(resolve))
      }
    },
  }
}

export { SECRET_BODY }
