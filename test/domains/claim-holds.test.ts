// Domain claims that cannot be griefed (issue 29, finding 13; docs/decisions/088-domain-claim-holds.md): a
// claim whose records the provider saw stays its claimant's until 7 days after they were last seen; a claim
// never seen may still be taken over, a few times a day per realtor and per hostname, its claimant told on
// their Domain screen and free to take it back. Against the loopback Cloudflare fake.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { CLAIM_HOLD_MS } from '../../src/lib/domains/service'
import {
  recordTakeover,
  TAKEOVER_WINDOW_MS,
  TAKEOVERS_PER_HOSTNAME,
  TAKEOVERS_PER_REALTOR,
  TakeoverLimitError,
} from '../../src/lib/domains/takeovers'
import { errorOf } from '../api/client'
import { call } from '../helpers'
import { fakeZone } from './fake'
import { checksFallDue, domainOf, newHomepage, send } from './helpers'

const fake = fakeZone()
type Realtor = { id: number; token: string }
const homepages: Record<string, Realtor> = {}

beforeAll(async () => {
  for (const name of ['holdowner', 'holdgriefer', 'squatowner', 'squatone', 'squattwo', 'squatthree', 'sweeper'])
    homepages[name] = await newHomepage(name)
  for (const n of [1, 2, 3, 4]) homepages[`sweepvictim${n}`] = await newHomepage(`sweepvictim${'abcd'[n - 1]}`)
})

const who = (name: string) => homepages[name]!
const put = (name: string, hostname: string) =>
  send(`/v1/realtors/${who(name).id}/domain`, {
    method: 'PUT',
    token: who(name).token,
    json: { hostname },
    bindings: fake.env,
    headers: { 'accept-language': 'en' },
  })
const get = async (name: string) => {
  const response = await send(`/v1/realtors/${who(name).id}/domain`, { token: who(name).token, bindings: fake.env })
  expect(response.status).toBe(200)
  return (await response.json()) as {
    domain: { hostname: string; status: string } | null
    takenOver: { hostname: string; at: string } | null
  }
}
const atProvider = async (hostname: string) =>
  (await fake.inspect()).hostnames.filter((entry) => entry.hostname === hostname)
/** The provider sees the claim's ownership record: the hostname is active, its certificate still pending. */
const dnsSeenBy = (hostname: string) =>
  fake.state(hostname, { status: 'active', ssl: 'pending_validation', verification_errors: [] })

const HELD =
  "Another homepage has already proved it controls this domain's DNS, so the domain stays with it for now. If the domain is yours, please contact support."

describe('a claim whose records were seen is its claimant’s', () => {
  it('refuses three rounds of takeover of a verifying claim with 409; the claimant keeps it', async () => {
    expect((await put('holdowner', 'held-homes.com')).status).toBe(200)
    await dnsSeenBy('held-homes.com')
    await checksFallDue()
    expect((await get('holdowner')).domain).toMatchObject({ hostname: 'held-homes.com', status: 'verifying' })
    const [before] = await atProvider('held-homes.com')

    for (let round = 1; round <= 3; round++) {
      const refused = await put('holdgriefer', 'held-homes.com')
      expect(refused.status, `round ${round}`).toBe(409)
      const error = await errorOf(refused)
      expect(error.code).toBe('domain_held')
      expect(error.fields).toEqual([{ path: 'hostname', message: HELD }])
      expect((await get('holdowner')).domain).toMatchObject({ hostname: 'held-homes.com', status: 'verifying' })
      expect(await atProvider('held-homes.com')).toEqual([before])
      expect((await get('holdgriefer')).domain).toBeNull()
    }
    const { results } = await env.DB.prepare("SELECT * FROM domain_takeovers WHERE hostname = 'held-homes.com'").all()
    expect(results).toEqual([])
  })

  it('asks the provider before a takeover: records seen since the last check make the claim its claimant’s', async () => {
    expect((await put('holdowner', 'fresh-homes.com')).status).toBe(200)
    // The owner's DNS is in place, but no check has seen it yet (the last one was a moment ago).
    await dnsSeenBy('fresh-homes.com')
    const refused = await put('holdgriefer', 'fresh-homes.com')
    expect(refused.status).toBe(409)
    expect((await get('holdowner')).domain).toMatchObject({ hostname: 'fresh-homes.com', status: 'verifying' })
  })

  it('keeps a seen claim that failed for 7 days after its records were last seen, then lets it go', async () => {
    // fresh-homes.com was seen above; now its CNAME points elsewhere (moved): failed, still held.
    await fake.state('fresh-homes.com', { status: 'moved', ssl: 'deleted' })
    await checksFallDue()
    expect((await get('holdowner')).domain).toMatchObject({ hostname: 'fresh-homes.com', status: 'failed' })
    expect((await put('holdgriefer', 'fresh-homes.com')).status).toBe(409)

    // Last seen just under 7 days ago: still held. Just over: anyone who can prove DNS may claim it.
    const seenAgo = (ms: number) =>
      env.DB.prepare("UPDATE custom_hostnames SET dns_seen_at = ? WHERE hostname = 'fresh-homes.com'")
        .bind(new Date(Date.now() - ms).toISOString())
        .run()
    await seenAgo(CLAIM_HOLD_MS - 60_000)
    expect((await put('holdgriefer', 'fresh-homes.com')).status).toBe(409)
    await seenAgo(CLAIM_HOLD_MS + 60_000)
    const taken = await put('holdgriefer', 'fresh-homes.com')
    expect(taken.status).toBe(200)
    expect(await domainOf(taken)).toMatchObject({ hostname: 'fresh-homes.com', status: 'pending' })
    expect((await get('holdowner')).takenOver).toMatchObject({ hostname: 'fresh-homes.com' })
  })
})

describe('a claim never seen may be taken over, a few times a day', () => {
  it('takes it over once; the former claimant is told, takes it back; then the hostname is limited', async () => {
    expect((await put('squatowner', 'squat-homes.com')).status).toBe(200)
    const first = await put('squatone', 'squat-homes.com')
    expect(first.status).toBe(200)
    expect(await atProvider('squat-homes.com')).toHaveLength(1)

    // The former claimant's screen says what happened, in the API and on the first view of the page.
    const told = await get('squatowner')
    expect(told.domain).toBeNull()
    expect(told.takenOver?.hostname).toBe('squat-homes.com')
    expect(Date.now() - Date.parse(told.takenOver!.at)).toBeLessThan(60_000)
    const page = await call('/en/squatowner/admin/domain', {
      headers: { cookie: `session=${who('squatowner').token}` },
    })
    expect(await page.text()).toContain(
      'Another homepage added squat-homes.com before its DNS records were seen, so your claim of it ended.',
    )

    // Taking it back is never refused nor counted; it answers the notice.
    expect((await put('squatowner', 'squat-homes.com')).status).toBe(200)
    expect(await get('squatowner')).toMatchObject({ domain: { hostname: 'squat-homes.com' }, takenOver: null })
    expect((await get('squatone')).takenOver?.hostname).toBe('squat-homes.com')

    expect((await put('squattwo', 'squat-homes.com')).status).toBe(200)
    expect((await put('squatowner', 'squat-homes.com')).status).toBe(200)

    // Two takeovers of the hostname today: a third is refused until the first leaves the day.
    const limited = await put('squatthree', 'squat-homes.com')
    expect(limited.status).toBe(429)
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(TAKEOVER_WINDOW_MS / 1000 - 120)
    expect(retryAfter).toBeLessThanOrEqual(TAKEOVER_WINDOW_MS / 1000)
    expect((await errorOf(limited)).message).toBe(
      'This domain has changed hands too often today. Please try again in about 24 hours.',
    )
    expect((await get('squatowner')).domain).toMatchObject({ hostname: 'squat-homes.com', status: 'pending' })
    expect((await get('squatthree')).domain).toBeNull()

    // A day later the hostname may change hands again.
    await env.DB.prepare("UPDATE domain_takeovers SET taken_at = ? WHERE hostname = 'squat-homes.com'")
      .bind(new Date(Date.now() - TAKEOVER_WINDOW_MS - 1000).toISOString())
      .run()
    expect((await put('squatthree', 'squat-homes.com')).status).toBe(200)
    expect(TAKEOVERS_PER_HOSTNAME).toBe(2)
  })

  it('lets a realtor take over at most 3 claims a day, in Korean too', async () => {
    for (const n of [1, 2, 3, 4]) expect((await put(`sweepvictim${n}`, `sweep-${n}.com`)).status).toBe(200)
    for (const n of [1, 2, 3]) expect((await put('sweeper', `sweep-${n}.com`)).status).toBe(200)
    const limited = await send(`/v1/realtors/${who('sweeper').id}/domain`, {
      method: 'PUT',
      token: who('sweeper').token,
      json: { hostname: 'sweep-4.com' },
      bindings: fake.env,
      headers: { 'accept-language': 'ko' },
    })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await errorOf(limited)).message).toBe(
      '오늘은 다른 홈페이지의 도메인 신청을 너무 여러 번 가져왔습니다. 약 24시간 뒤에 다시 시도해 주세요.',
    )
    expect((await get('sweepvictim4')).domain).toMatchObject({ hostname: 'sweep-4.com' })
    expect(await atProvider('sweep-4.com')).toHaveLength(1)
    expect(TAKEOVERS_PER_REALTOR).toBe(3)
  })

  it('counts simultaneous takeovers in one statement: no burst passes the limit', async () => {
    const by = who('holdgriefer').id
    const from = who('holdowner').id
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, n) =>
        recordTakeover(env.DB, { hostname: `burst-${n}.com`, takenBy: by, takenFrom: from, now: Date.now() }),
      ),
    )
    // holdgriefer took fresh-homes.com above: two more pass, six are refused by the realtor limit.
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(TAKEOVERS_PER_REALTOR - 1)
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []))
    expect(refusals).toHaveLength(6)
    for (const refusal of refusals) expect(refusal).toBeInstanceOf(TakeoverLimitError)
  })
})
