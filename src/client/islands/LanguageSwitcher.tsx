// Language switcher: a disclosure menu listing the other locales. The links work without
// JavaScript (the server sets the locale cookie from ?locale=); hydration adds the menu behaviour.
import { useRef, useState } from 'react'
import { type Messages, t } from '../lib/messages'
import { useDismiss } from '../use-dismiss'
import { useHydrated } from '../use-hydrated'

// The messages it reads (its label, each locale's name) are named in src/lib/language-switcher-messages.ts.
export interface LanguageSwitcherProps {
  messages: Messages
  /** The page's locale; each locale is named by its message `locale.{code}`. */
  current: string
  others: { code: string; href: string }[]
}

export default function LanguageSwitcher({ messages, current, others }: LanguageSwitcherProps) {
  const [open, setOpen] = useState(false)
  const hydrated = useHydrated()
  // A fixed id, not useId(): the island hydrates as its own root, so React's tree-position ids would differ.
  const menuId = 'language-menu'
  const root = useRef<HTMLDivElement>(null)

  useDismiss(open, root, () => setOpen(false))

  return (
    <div className="lang-switcher" ref={root} data-hydrated={hydrated ? '' : undefined}>
      <button
        type="button"
        className="lang-switcher__button"
        aria-label={`${t(messages, 'nav.language')}: ${t(messages, `locale.${current}`)}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">🌐</span> {current.toUpperCase()}
      </button>
      <ul id={menuId} className="lang-switcher__menu" data-open={open ? '' : undefined}>
        {others.map((locale) => (
          <li key={locale.code}>
            <a href={locale.href} hrefLang={locale.code} lang={locale.code}>
              {t(messages, `locale.${locale.code}`)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
