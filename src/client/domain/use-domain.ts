// The Domain screen's state: the realtor's Domain as last read, and its checks. While the provider is
// still working on it (pending, verifying) the screen checks every POLL_MS; it stops once the domain is
// active or failed, pauses while the tab is hidden (and checks at once when it is shown again), and
// waits longer after each failed check so a worker in trouble is not asked twice as often.
import { useCallback, useEffect, useRef, useState } from 'react'
import { type DomainView, isSettled, pollDelay, type TakenOver } from '../../lib/builder/domain-screen'
import { api } from '../lib/api'

export const domainEndpoint = (realtorId: number) => `/v1/realtors/${realtorId}/domain`

function useTabVisible(): boolean {
  const [visible, setVisible] = useState(true)
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden')
    update()
    document.addEventListener('visibilitychange', update)
    return () => document.removeEventListener('visibilitychange', update)
  }, [])
  return visible
}

export function useDomain(
  realtorId: number,
  initial: DomainView | null,
  initialTakenOver: TakenOver | null,
  networkMessage: string,
) {
  const [domain, setDomain] = useState(initial)
  /** The claim another homepage took over from this one, while it has no domain (decision 088). */
  const [takenOver, setTakenOver] = useState(initialTakenOver)
  const [checking, setChecking] = useState(false)
  /** Failed checks in a row, and the last one's message (cleared by the next good answer). */
  const [failures, setFailures] = useState(0)
  const [checkError, setCheckError] = useState('')
  const visible = useTabVisible()
  // A check answered after the domain was replaced or removed must not bring the old one back.
  const generation = useRef(0)

  const check = useCallback(async () => {
    const asked = generation.current
    setChecking(true)
    const result = await api<{ domain: DomainView | null; takenOver: TakenOver | null }>(
      domainEndpoint(realtorId),
      {},
      networkMessage,
    )
    setChecking(false)
    if (asked !== generation.current) return
    if (!result.ok) {
      setFailures((count) => count + 1)
      setCheckError(result.message)
      return
    }
    setFailures(0)
    setCheckError('')
    setDomain(result.data.domain)
    setTakenOver(result.data.takenOver ?? null)
  }, [realtorId, networkMessage])

  /** A Domain the screen got from a change of its own (connect, simulator step) or null (removed). */
  const adopt = useCallback((next: DomainView | null) => {
    generation.current++
    setFailures(0)
    setCheckError('')
    setDomain(next)
    // A claim of its own, or a removal, answers what was taken over before.
    setTakenOver(null)
  }, [])

  const waiting = domain !== null && !isSettled(domain.status)
  useEffect(() => {
    if (!waiting || !visible || checking) return
    const timer = setTimeout(() => void check(), pollDelay(failures))
    return () => clearTimeout(timer)
  }, [waiting, visible, checking, failures, check])

  // Back on the tab after a pause: check at once instead of waiting a whole interval.
  const wasVisible = useRef(visible)
  useEffect(() => {
    if (visible && !wasVisible.current && waiting) void check()
    wasVisible.current = visible
  }, [visible, waiting, check])

  return { domain, takenOver, checking, checkError, failures, polling: waiting && visible, check, adopt }
}
