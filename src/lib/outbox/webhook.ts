// Sending a delivery to a webhook (Slack's or a plain JSON one): any 2xx answer means it was taken.
import { type FetchLike, fetchUpstream } from '../upstream'

/**
 * Posts the body as JSON within the deadline; throws a short reason of our own when it was not taken. The
 * answer's body is never read, so nothing a webhook says can reach a log, a row or a visitor, and a body
 * it stalls or trickles holds nothing up: fetchUpstream cancels it without waiting.
 */
export async function postJson(
  { fetch, timeoutMs }: { fetch: FetchLike; timeoutMs: number },
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<void> {
  const request = new Request(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const response = await fetchUpstream(fetch, request, timeoutMs, 'discard')
  if (!response.ok) throw new Error(`the webhook answered ${response.status}`)
}
