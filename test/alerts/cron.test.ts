// Issue 32's path end to end through the worker's cron (src/worker.ts scheduled): a new listing that matches a
// confirmed buyer's instant search arrives through the fake RESO feed (scripts/fakes/reso.mjs); within that
// one cron pass it is replicated, matched, made into exactly one alert and mailed through the send_email
// binding; a second pass sends nothing more.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import PostalMime from 'postal-mime'
import { beforeEach, expect, inject, it } from 'vitest'
import worker from '../../src/worker'
import { property } from '../fixtures/mls'
import { clearAlerts, makeBuyer, makeSearch } from './fixtures'

beforeEach(async () => {
  await clearAlerts()
  await env.DB.prepare('DELETE FROM mls_feeds').run()
})

function mailbox() {
  const sent: EmailMessage[] = []
  return { sent, SEND_EMAIL: { send: async (message: EmailMessage) => void sent.push(message) } }
}

async function rawOf(message: EmailMessage): Promise<string> {
  const raw = (message as unknown as Record<string, string | ReadableStream>)['EmailMessage::raw']!
  return typeof raw === 'string' ? raw : new Response(raw).text()
}

it('a new matching listing from the feed yields exactly one alert email within one cron pass', async () => {
  const base = `${inject('resoOrigin')}/feeds/alerts${crypto.randomUUID().slice(0, 8)}`
  const buyer = await makeBuyer({ email: 'min@example.com', locale: 'ko' })
  await makeSearch(buyer, { beds: 3, maxPrice: 1_200_000, name: '존스크릭, 침실 3+' })
  const listed = await fetch(`${base}/__listings`, {
    method: 'POST',
    body: JSON.stringify([
      property({ ListingKey: 'FEED-JC-1', ListPrice: 1_100_000, BedroomsTotal: 4, Media: [] }),
      // Over the budget: replicated, matched to nothing.
      property({ ListingKey: 'FEED-JC-2', ListPrice: 1_300_000, BedroomsTotal: 4, Media: [] }),
    ]),
  })
  expect(listed.status).toBe(204)
  const box = mailbox()
  const bindings = {
    ...env,
    SEND_EMAIL: box.SEND_EMAIL,
    RESO_FMLS_BASE_URL: `${base}/odata`,
    RESO_FMLS_TOKEN_URL: `${base}/token`,
    RESO_FMLS_CLIENT_ID: 'fake-reso-client',
    RESO_FMLS_CLIENT_SECRET: 'fake-reso-secret',
  } as unknown as typeof env
  const pass = async () => {
    const ctx = createExecutionContext()
    worker.scheduled?.({ cron: '*/5 * * * *', scheduledTime: Date.now(), noRetry() {} }, bindings, ctx)
    await waitOnExecutionContext(ctx)
  }
  await pass()
  expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM listings WHERE listing_key LIKE 'FEED-JC-%'").first('n')).toBe(
    2,
  )
  expect(box.sent).toHaveLength(1)
  expect(box.sent[0]!.to).toBe('min@example.com')
  const email = await PostalMime.parse(await rawOf(box.sent[0]!))
  expect(email.subject).toBe('“존스크릭, 침실 3+” 조건에 맞는 새 매물 1채')
  expect(email.text).toContain('https://janekim.example/homes/FEED-JC-1')
  expect(email.text).not.toContain('FEED-JC-2')
  expect(email.headers.find((h) => h.key === 'list-unsubscribe-post')?.value).toBe('List-Unsubscribe=One-Click')
  await pass()
  expect(box.sent).toHaveLength(1)
  expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM alerts').first('n')).toBe(1)
})
