// The rules of custom domains (docs/decisions/053-custom-domains.md): provider hosts are never claimed, a
// domain active for another homepage is refused, a claim whose records were seen in DNS is its claimant's
// until 7 days after they were last seen, a claim never seen may be taken over by a newer one a few times a
// day (decision 088; only whoever controls DNS for the current tokens can activate it), and only an active
// domain serves.
import { activationStatements, deactivationStatement } from './activation'
import { isProviderOwned, normalizeDomainInput } from './hostname'
import { mergeRecords, recordsOf, stateOf } from './state'
import {
  claimCheck,
  type DomainRow,
  deleteDomainStatement,
  domainByHostname,
  domainOfRealtor,
  dueForRefresh,
  insertDomainStatement,
  markChecked,
  nowIso,
  updateDomainStatement,
} from './store'
import { answerTakeoversStatement, forgetTakeover, lastTakeoverFrom, recordTakeover, type Takeover } from './takeovers'
import { type DomainStatus, type HostnameProvider, ProviderError, type ProviderHostname } from './types'

/** A claim the rules refuse: `reason` is the catalogue key `api.domain.{reason}`. */
export class DomainRuleError extends Error {
  constructor(readonly reason: 'invalid' | 'providerOwned' | 'taken' | 'held') {
    super(`domain refused: ${reason}`)
  }
}

export interface DomainServiceDeps {
  db: D1Database
  provider: HostnameProvider
  /** Hosts (and their subdomains) nobody may claim: src/lib/domains/hostname.ts providerOwnedHosts. */
  ownedHosts: readonly string[]
  /** After a homepage's address changed (activated or cleared): purge what shows it. */
  onAddressChange: (realtorId: number) => Promise<void>
  now?: () => number
}

/** A domain is asked about at most this often by page loads (the contract's "once per 5 s"). */
export const REFRESH_INTERVAL_MS = 5_000
/** The cron checks this many domains per run: waiting ones at most every few minutes each, then active ones daily. */
export const CRON_BATCH = 10
export const CRON_INTERVAL_MS = 4 * 60_000
/** An active domain is re-checked about once a day: one that moved or was blocked stops serving. */
export const ACTIVE_RECHECK_MS = 24 * 60 * 60_000
/** A claim whose records were seen in DNS stays its claimant's this long after they were last seen. */
export const CLAIM_HOLD_MS = 7 * 24 * 60 * 60_000

/** The provider saw the claim's records: ownership verified (verifying) or all done (active). */
const dnsSeen = (status: DomainStatus) => status === 'verifying' || status === 'active'

/** Whether nobody else may claim the row's hostname: its records were seen in DNS less than 7 days ago. */
export const isHeld = (row: Pick<DomainRow, 'dnsSeenAt'>, now: number) =>
  row.dnsSeenAt !== null && now - Date.parse(row.dnsSeenAt) < CLAIM_HOLD_MS

export function domainService({ db, provider, ownedHosts, onAddressChange, now = Date.now }: DomainServiceDeps) {
  /** Creates the custom hostname; a leftover of ours at the provider (no claim names it) is replaced once. */
  async function createAtProvider(hostname: string): Promise<ProviderHostname> {
    try {
      return await provider.create(hostname)
    } catch (error) {
      if (!(error instanceof ProviderError) || error.kind !== 'duplicate') throw error
      const leftover = await provider.findByHostname(hostname)
      if (leftover) await provider.remove(leftover.id)
      return provider.create(hostname)
    }
  }

  /** The row's id at this provider: none for a hand-attached domain or one the other provider made. */
  const idAtProvider = (row: DomainRow) => (row.simulated === provider.simulated ? row.providerId : null)

  /** Applies a provider answer to a row; switches the homepage's address when it becomes or stops being active. */
  async function apply(row: DomainRow, hostname: ProviderHostname | null): Promise<DomainRow> {
    const checkedAt = nowIso(now())
    const state = hostname
      ? stateOf(hostname)
      : { status: 'failed' as const, sslStatus: 'deleted', problems: ['deleted' as const] }
    const records = hostname ? mergeRecords(row.records, recordsOf(hostname, provider.cnameTarget)) : row.records
    const becameActive = state.status === 'active' && row.status !== 'active'
    const leftActive = state.status !== 'active' && row.status === 'active'
    const activatedAt = state.status === 'active' ? (row.activatedAt ?? checkedAt) : null
    const dnsSeenAt = dnsSeen(state.status) ? checkedAt : row.dnsSeenAt
    const next: DomainRow = { ...row, ...state, records, checkedAt, activatedAt, dnsSeenAt }
    const statements = [updateDomainStatement(db, row.id, next)]
    if (becameActive) statements.push(...activationStatements(db, row.realtorId, row.hostname))
    if (leftActive) statements.push(deactivationStatement(db, row.realtorId))
    await db.batch(statements)
    if (becameActive || leftActive) await onAddressChange(row.realtorId)
    return next
  }

  /**
   * The provider's hostname by id; null only when the zone answers and no longer lists it. A 404 alone is
   * not proof: a wrong zone id answers 404 to every path, and must not turn every active domain off.
   */
  async function hostnameAt(id: string, hostname: string): Promise<ProviderHostname | null> {
    const found = await provider.get(id)
    if (found) return found
    const listed = await provider.findByHostname(hostname)
    return listed?.id === id ? listed : null
  }

  /** Asks the provider about a row; a provider that fails leaves the row as it was, with a problem. */
  async function refresh(row: DomainRow, { force = false } = {}): Promise<DomainRow> {
    const id = idAtProvider(row)
    if (!id) return row
    if (!force && row.checkedAt && now() - Date.parse(row.checkedAt) < REFRESH_INTERVAL_MS) return row
    if (!force && !(await claimCheck(db, row.id, nowIso(now()), nowIso(now() - REFRESH_INTERVAL_MS)))) return row
    try {
      return await apply(row, await hostnameAt(id, row.hostname))
    } catch (error) {
      console.warn(`[domains] checking ${row.hostname} failed:`, error)
      const checkedAt = nowIso(now())
      const problems = row.problems.includes('check_failed') ? row.problems : [...row.problems, 'check_failed' as const]
      await markChecked(db, row.id, checkedAt, problems)
      return { ...row, checkedAt, problems }
    }
  }

  /**
   * Another realtor's claim of the hostname asked about afresh, the provider's failure thrown (nothing is
   * taken over on a stale row): records that reached DNS since the last check make it its claimant's.
   */
  async function recheck(row: DomainRow): Promise<DomainRow> {
    const id = idAtProvider(row)
    return id ? apply(row, await hostnameAt(id, row.hostname)) : row
  }

  /** Takes over `holder`'s claim for `realtorId`, counted (TakeoverLimitError past a limit); throws DomainRuleError when it is not to be taken. */
  async function takeOver(realtorId: number, holder: DomainRow): Promise<void> {
    if (holder.status === 'active') throw new DomainRuleError('taken')
    const current = await recheck(holder)
    if (current.status === 'active') throw new DomainRuleError('taken')
    if (isHeld(current, now())) throw new DomainRuleError('held')
    const takeover = await recordTakeover(db, {
      hostname: current.hostname,
      takenBy: realtorId,
      takenFrom: current.realtorId,
      now: now(),
    })
    try {
      await drop(current)
    } catch (error) {
      await forgetTakeover(db, takeover)
      throw error
    }
  }

  /** Removes a row and its custom hostname; the provider's failure keeps both (nothing changed). */
  async function drop(row: DomainRow): Promise<void> {
    const id = idAtProvider(row)
    if (id) await provider.remove(id)
    const statements = [deleteDomainStatement(db, row.id)]
    if (row.status === 'active') statements.push(deactivationStatement(db, row.realtorId))
    await db.batch(statements)
    if (row.status === 'active') await onAddressChange(row.realtorId)
  }

  /** The realtor's domain, refreshed from the provider when it is not active and was not just checked. */
  async function current(realtorId: number): Promise<DomainRow | null> {
    const row = await domainOfRealtor(db, realtorId)
    return row && row.status !== 'active' ? refresh(row) : row
  }

  return {
    refresh,
    current,

    /** The realtor's domain as current() reads it; with none, the claim another realtor took over from them. */
    async view(realtorId: number): Promise<{ row: DomainRow | null; takenOver: Takeover | null }> {
      const row = await current(realtorId)
      return { row, takenOver: row ? null : await lastTakeoverFrom(db, realtorId, now()) }
    },

    /** The realtor claims `input`; replaces their domain. Throws DomainRuleError or ProviderError. */
    async claim(realtorId: number, input: string): Promise<DomainRow> {
      const hostname = normalizeDomainInput(input)
      if (!hostname) throw new DomainRuleError('invalid')
      if (isProviderOwned(hostname, ownedHosts)) throw new DomainRuleError('providerOwned')
      const own = await domainOfRealtor(db, realtorId)
      if (own?.hostname === hostname && own.status !== 'failed') return refresh(own)
      const holder = await domainByHostname(db, hostname)
      if (holder && holder.realtorId !== realtorId) {
        // Nobody verified it: the newer claim replaces it, with fresh tokens only the DNS owner can publish.
        await takeOver(realtorId, holder)
      } else if (holder) {
        // The realtor's own failed claim of it: a fresh custom hostname.
        const id = idAtProvider(holder)
        if (id) await provider.remove(id)
      }
      const created = await createAtProvider(hostname)
      const oldId = own && own.hostname !== hostname ? idAtProvider(own) : null
      if (own && oldId) {
        // The new one exists: the old one goes; a failure here leaves a leftover a later claim replaces.
        await provider.remove(oldId).catch((error) => console.warn(`[domains] deleting ${own.hostname} failed:`, error))
      }
      const state = stateOf(created)
      const checkedAt = nowIso(now())
      const row: DomainRow = {
        id: 0,
        realtorId,
        hostname,
        providerId: created.id,
        simulated: provider.simulated,
        ...state,
        records: recordsOf(created, provider.cnameTarget),
        checkedAt,
        activatedAt: null,
        // Trying a failed claim again keeps what was seen of it: a retry does not open it to others.
        dnsSeenAt: dnsSeen(state.status) ? checkedAt : holder?.realtorId === realtorId ? holder.dnsSeenAt : null,
      }
      const statements = [insertDomainStatement(db, row), answerTakeoversStatement(db, realtorId, checkedAt)]
      if (own?.status === 'active') statements.push(deactivationStatement(db, realtorId))
      try {
        await db.batch(statements)
      } catch (error) {
        // Another claim of the same hostname won the race: ours goes.
        await provider.remove(created.id).catch(() => {})
        if (String(error).includes('UNIQUE')) throw new DomainRuleError('taken')
        throw error
      }
      if (own?.status === 'active') await onAddressChange(realtorId)
      const stored = (await domainOfRealtor(db, realtorId))!
      // A hostname the provider already knows valid (a re-claim) may be active at once.
      return state.status === 'active' ? apply({ ...stored, status: 'pending' }, created) : stored
    },

    /** Removes the realtor's domain (and its custom hostname); false when there was none. */
    async remove(realtorId: number): Promise<boolean> {
      const row = await domainOfRealtor(db, realtorId)
      if (!row) return false
      await drop(row)
      return true
    },

    /**
     * The cron: a few waiting domains, each at most every few minutes; what room is left goes to active
     * ones not checked for a day (one the realtor moved away or the provider blocked stops serving).
     */
    async refreshDue(limit = CRON_BATCH): Promise<number> {
      const simulated = provider.simulated
      const waiting = await dueForRefresh(db, {
        which: 'waiting',
        checkedBefore: nowIso(now() - CRON_INTERVAL_MS),
        simulated,
        limit,
      })
      const active =
        waiting.length < limit
          ? await dueForRefresh(db, {
              which: 'active',
              checkedBefore: nowIso(now() - ACTIVE_RECHECK_MS),
              simulated,
              limit: limit - waiting.length,
            })
          : []
      for (const row of [...waiting, ...active]) await refresh(row, { force: true })
      return waiting.length + active.length
    },
  }
}

export type DomainService = ReturnType<typeof domainService>
