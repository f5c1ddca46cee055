import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  forgetSessionAccount,
  SESSION_ACCOUNT_TTL_MS,
  type SessionAccount,
  sessionUserFor,
} from '../../src/lib/accounts/store'

afterEach(() => {
  vi.useRealTimers()
})

/** A D1 stand-in that answers the session lookup from `accounts` and counts the reads. */
function fakeDb(accounts: Map<number, SessionAccount>) {
  const reads: number[] = []
  let gate: Promise<void> | null = null
  const db = {
    prepare: () => ({
      bind: (id: number) => ({
        first: async () => {
          reads.push(id)
          const row = accounts.get(id) ?? null
          const snapshot = row && { ...row }
          if (gate) await gate
          return snapshot
        },
      }),
    }),
  } as unknown as D1Database
  return { db, reads, hold: (until: Promise<void>) => (gate = until) }
}

const account = (id: number, tokenVersion = 0): SessionAccount => ({
  id,
  email: `a${id}@realtor.local`,
  name: `A ${id}`,
  role: 'realtor',
  realtor_id: null,
  token_version: tokenVersion,
})
const claims = (id: number, tokenVersion = 0) => ({ ...account(id), realtorId: null, tokenVersion })

describe('the session account cache', () => {
  it('reads an account once per TTL and sees a new token version after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const accounts = new Map([[1, account(1)]])
    const { db, reads } = fakeDb(accounts)
    for (let i = 0; i < 5; i++) expect(await sessionUserFor(db, claims(1))).toMatchObject({ id: 1 })
    expect(reads).toEqual([1])
    accounts.set(1, account(1, 1))
    vi.setSystemTime(Date.now() + SESSION_ACCOUNT_TTL_MS + 1)
    expect(await sessionUserFor(db, claims(1))).toBeNull()
    expect(reads).toEqual([1, 1])
  })

  it('keeps a bounded number of accounts', async () => {
    const accounts = new Map(Array.from({ length: 1002 }, (_, id) => [id, account(id)]))
    const { db, reads } = fakeDb(accounts)
    for (let id = 0; id < 1001; id++) await sessionUserFor(db, claims(id))
    await sessionUserFor(db, claims(0)) // the oldest was dropped for the 1001st
    expect(reads.filter((id) => id === 0)).toHaveLength(2)
  })

  it('does not keep a read that was under way when the account was forgotten', async () => {
    const accounts = new Map([[1, account(1)]])
    const { db, reads, hold } = fakeDb(accounts)
    let release = () => {}
    hold(new Promise<void>((resolve) => (release = resolve)))
    const stale = sessionUserFor(db, claims(1))
    // Meanwhile the account signs out: the version rises and the cache forgets it.
    accounts.set(1, account(1, 1))
    forgetSessionAccount(db, 1)
    release()
    expect(await stale).toMatchObject({ id: 1 }) // began before the sign-out
    hold(Promise.resolve())
    expect(await sessionUserFor(db, claims(1))).toBeNull()
    expect(reads).toEqual([1, 1])
  })
})
