// The browser entry: finds islands the server marked, loads each island's module when its
// hydrate strategy says so, and hydrates it. React itself is loaded only when a page has an island.
import { loadIsland } from './islands'
import { startPageEffects } from './page-effects'
import { holdClick } from './pending-click'

const RELOAD_WINDOW_MS = 10_000

/** A chunk that fails to load reloads the page, at most once per 10 seconds for the same path (docs/product.md §8). */
function reloadAfterChunkError(error: unknown): void {
  console.error('[islands] failed to load a chunk', error)
  const key = `chunk-reload:${location.pathname}`
  const last = Number(sessionStorage.getItem(key) ?? 0)
  if (Date.now() - last < RELOAD_WINDOW_MS) return
  sessionStorage.setItem(key, String(Date.now()))
  location.reload()
}

async function hydrate(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? ''
  const propsJson = document.getElementById(element.dataset.props ?? '')?.textContent ?? '{}'
  try {
    const [{ mount }, module] = await Promise.all([import('./mount'), loadIsland(name)])
    if (!module) return console.error(`[islands] unknown island ${name}`)
    mount(element, module.default as React.ComponentType<object>, JSON.parse(propsJson))
  } catch (error) {
    reloadAfterChunkError(error)
  }
}

function schedule(element: HTMLElement): void {
  element.dataset.islandState = 'pending'
  // Whatever the strategy, a click on an island's data-replay control before it is live is held for it.
  element.addEventListener('click', (event) => holdClick(element, event), { capture: true })
  const run = () => {
    if (element.dataset.islandState !== 'pending') return
    element.dataset.islandState = 'hydrating'
    void hydrate(element)
  }
  switch (element.dataset.hydrate) {
    case 'idle':
      return void ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200))
    case 'visible': {
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect()
          run()
        }
      })
      // display:contents has no box: observe the island's first rendered element instead.
      observer.observe((element.firstElementChild as HTMLElement | null) ?? element)
      return
    }
    case 'interaction': {
      const events = ['pointerdown', 'focusin', 'keydown', 'mouseover'] as const
      const once = () => {
        for (const type of events) element.removeEventListener(type, once)
        run()
      }
      for (const type of events) element.addEventListener(type, once, { passive: true })
      return
    }
    default:
      run()
  }
}

for (const element of document.querySelectorAll<HTMLElement>('[data-island]:not([data-island-state])')) {
  schedule(element)
}
startPageEffects()
