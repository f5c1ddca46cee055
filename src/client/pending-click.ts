// Clicks that land on an island before its code has loaded (a tap starts the download, the click
// follows at once; or a visible island still loading) are held by src/client/main.ts and handed to the
// island once it is live.

const PENDING = 'pendingClick'

/** Called by main.ts on a click inside an island that is not live yet: remembers it and stops it. */
export function holdClick(island: HTMLElement, event: Event): void {
  if (island.dataset.islandState === 'live') return
  // A modified or middle click on a link means "open it elsewhere": the browser does that, not the island.
  if (event instanceof MouseEvent && (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey)) return
  // Only elements that opt in (data-replay="action") are held; plain links keep working without JS.
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-replay]') : null
  if (!target?.dataset.replay) return
  event.preventDefault()
  event.stopPropagation()
  island.dataset[PENDING] = target.dataset.replay
}

/** Called by the island once hydrated: marks it live and returns what a held click asked for, if any. */
export function takePendingClick(node: Element | null): string | undefined {
  const island = node?.closest<HTMLElement>('[data-island]')
  if (!island) return undefined
  island.dataset.islandState = 'live'
  const pending = island.dataset[PENDING]
  delete island.dataset[PENDING]
  return pending
}
