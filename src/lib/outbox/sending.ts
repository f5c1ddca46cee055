// An attempt's way out to its destination (docs/decisions/089-claim-lease-and-crash-window.md): the outbox's
// config with its fetch and email send gated, so the moment anything leaves for an upstream is recorded
// first (startSending: send_started_at, the lease renewed from then), and a sender whose claim was taken
// over while it prepared sends nothing. Every sender (a post, a realtor's email, webhook or push) goes
// through it without knowing.
import { within } from '../deadline'
import type { OutboxConfig } from './config'
import { startSending } from './deliveries'
import { clockAt } from './retry'

export interface Sending {
  /** The config the attempt sends through. */
  config: OutboxConfig
  /** True once the gate found the claim taken over by another sender: this one sent nothing. */
  readonly lost: boolean
}

export function sendingThrough(config: OutboxConfig, id: number, attempt: number): Sending {
  const now = config.now ?? Date.now
  let started: Promise<void> | undefined
  let lost = false
  // Once per attempt, however many calls it makes: the first one records the start.
  const gate = () => {
    started ??= startSending(config.db, id, attempt, clockAt(now(), config.timeoutMs)).then((held) => {
      if (held) return
      lost = true
      throw new Error('another sender took the delivery over before this one began sending')
    })
    return started
  }
  const { fetch, sendEmail } = config
  return {
    get lost() {
      return lost
    },
    config: {
      ...config,
      // fetchUpstream opens the gate before its deadline starts (beforeSend), so the write never eats into
      // the upstream's time; any other caller opens it on its first request.
      fetch: Object.assign(
        async (input: Request | string | URL, init?: RequestInit) => {
          await gate()
          return fetch(input, init)
        },
        { beforeSend: gate },
      ),
      sendEmail:
        sendEmail &&
        (async (from, to, raw) => {
          await gate()
          // The binding has no deadline of its own: bounded like a fetch, so the claim's lease covers it.
          await within(sendEmail(from, to, raw), config.timeoutMs, 'the email binding')
        }),
    },
  }
}
