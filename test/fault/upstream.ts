// A misbehaving upstream for the fault tests, started by vitest's global setup in Node. Each mode
// listens on its own loopback port, so it can stand in for an API origin (REALTOR_API_ORIGIN,
// LISTINGS_API_ORIGIN) as well as a webhook URL.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export const FAULT_MODES = ['timeout', 'error500', 'error502', 'invalidJson', 'reset', 'truncated', 'flaky'] as const
export type FaultMode = (typeof FAULT_MODES)[number]
export type FaultOrigins = Record<FaultMode, string>

const SECRET_BODY = 'UPSTREAM-STACK-TRACE at secret.internal:1337'

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
