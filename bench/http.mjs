// The bench's plain HTTP request: node:http, so it may set Host.
import { request } from 'node:http'

/**
 * A GET that may set Host (fetch may not): the custom-domain target is told apart by it. Headers as
 * node:http gives them (lower-case names; a repeated one joined).
 */
export function get(url, headers) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => {
        const joined = Object.entries(response.headers).map(([name, value]) => [name, [value].flat().join(', ')])
        resolve({ status: response.statusCode, headers: Object.fromEntries(joined), body: Buffer.concat(chunks) })
      })
      response.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}
