// <Island>: server-side marker for a component that hydrates in the browser (src/client/main.ts).
// Props travel as JSON in a non-executable <script type="application/json"> beside the marker,
// so pages need no inline script and the CSP stays strict.
import { type ComponentType, useId } from 'react'
import type { IslandName } from '../client/islands'
import { safeJson } from '../lib/html'

/** When an island hydrates: at load, when the browser is idle, when scrolled into view, or on first touch. */
export type HydrateOn = 'load' | 'idle' | 'visible' | 'interaction'

interface IslandProps<P extends object> {
  name: IslandName
  component: ComponentType<P>
  props: P
  hydrate?: HydrateOn
}

export function Island<P extends object>({ name, component: Component, props, hydrate = 'load' }: IslandProps<P>) {
  const id = `island${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`
  return (
    <>
      <script type="application/json" id={id} dangerouslySetInnerHTML={{ __html: safeJson(props) }} />
      <div data-island={name} data-props={id} data-hydrate={hydrate}>
        <Component {...props} />
      </div>
    </>
  )
}
