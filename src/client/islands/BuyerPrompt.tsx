// The registration prompt after a few home pages (issue 32, docs/decisions/107-buyer-accounts.md): when the
// realtor chose "after N views", this browser counts the home pages it opens on the site (localStorage, per
// realtor) and, from the Nth on, shows a card inviting it to create an account — until it is dismissed,
// which is remembered. Nothing is drawn on the server (the count lives in the browser), so a cached page is
// the same for everyone; without JavaScript there is no prompt, and saving still asks to sign up.
import { useEffect, useState } from 'react'
import { type Messages, t } from '../lib/messages'

/** The messages this island reads (src/lib/island-messages.ts). */
export const BUYER_PROMPT_MESSAGES = ['buyer.prompt.'] as const

export interface BuyerPromptProps {
  /** The realtor whose site this is: each site counts its own views. */
  realtorId: number
  /** Home pages opened before the prompt shows. */
  views: number
  /** This page is a home's page: it counts. */
  counts: boolean
  signupHref: string
  messages: Messages
}

interface Stored {
  seen?: number
  dismissed?: boolean
}

const keyOf = (realtorId: number) => `buyer-prompt:${realtorId}`

function read(key: string): Stored {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '{}')
    return value && typeof value === 'object' ? (value as Stored) : {}
  } catch {
    return {}
  }
}

function write(key: string, value: Stored): void {
  try {
    localStorage.setItem(key, JSON.stringify(value))
  } catch {
    // Storage refused (a private window's quota): no count, no prompt.
  }
}

export default function BuyerPrompt({ realtorId, views, counts, signupHref, messages }: BuyerPromptProps) {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const key = keyOf(realtorId)
    const stored = read(key)
    if (stored.dismissed) return
    const seen = Math.min(1000, (Number(stored.seen) || 0) + (counts ? 1 : 0))
    write(key, { seen })
    if (seen >= views) setShown(true)
  }, [realtorId, views, counts])
  useEffect(() => {
    if (!shown) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  })
  const dismiss = () => {
    write(keyOf(realtorId), { ...read(keyOf(realtorId)), dismissed: true })
    // Focus inside the card would fall to the page's start when it goes: it moves to the page's content.
    const main = document.getElementById('main')
    if (main && document.activeElement?.closest('.buyer-prompt')) {
      if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1')
      main.focus({ preventScroll: true })
    }
    setShown(false)
  }
  if (!shown) return null
  return (
    <aside className="buyer-prompt" aria-labelledby="buyer-prompt-title" data-testid="buyer-prompt">
      <h2 id="buyer-prompt-title">{t(messages, 'buyer.prompt.title')}</h2>
      <p>{t(messages, 'buyer.prompt.text')}</p>
      <div className="buyer-prompt__actions">
        <a className="buyer-button" href={signupHref}>
          {t(messages, 'buyer.prompt.signup')}
        </a>
        <button type="button" className="buyer-button buyer-button--quiet" onClick={dismiss}>
          {t(messages, 'buyer.prompt.dismiss')}
        </button>
      </div>
    </aside>
  )
}
