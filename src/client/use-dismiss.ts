// Closes an open disclosure (a menu under its button) on Escape or on a click outside it: the language
// switcher's and the editor's "Advanced" menu's one rule (docs/decisions/105-builder-layout.md).
import { type RefObject, useEffect, useRef } from 'react'

/** While `open`, calls `close(true)` on Escape and `close(false)` on a click outside `root`. */
export function useDismiss(open: boolean, root: RefObject<HTMLElement | null>, close: (byEscape: boolean) => void) {
  const latest = useRef(close)
  latest.current = close
  useEffect(() => {
    if (!open) return
    const dismiss = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        if (event.key === 'Escape') latest.current(true)
      } else if (!root.current?.contains(event.target as Node)) latest.current(false)
    }
    document.addEventListener('click', dismiss)
    document.addEventListener('keydown', dismiss)
    return () => {
      document.removeEventListener('click', dismiss)
      document.removeEventListener('keydown', dismiss)
    }
  }, [open, root])
}
