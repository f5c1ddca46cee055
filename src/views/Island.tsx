// <Island>: server-side marker for a component that hydrates in the browser (src/client/main.ts).
// Props travel as JSON in a non-executable <script type="application/json"> beside the marker,
// so pages need no inline script and the CSP stays strict.
import { type ComponentType, type ReactNode, useId } from 'react'
import type { IslandName } from '../client/islands'
import { safeJson } from '../lib/html'

/** When an island hydrates: at load, when the browser is idle, when scrolled into view, or on first touch. */
export type HydrateOn = 'load' | 'idle' | 'visible' | 'interaction'

type IslandProps<P extends object> = {
  name: IslandName
  props: P
  hydrate?: HydrateOn
} & (
  | { component: ComponentType<P>; fallback?: undefined }
  /**
   * Rendered in the browser only: the page holds `fallback` until the island's code runs, and the worker never
   * imports the component (the editor, decision 115: its code stays out of the worker's bundle).
   */
  | { component?: undefined; fallback: ReactNode }
)

export function Island<P extends object>({
  name,
  component: Component,
  props,
  hydrate = 'load',
  fallback,
}: IslandProps<P>) {
  const id = `island${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`
  return (
    <>
      <script type="application/json" id={id} dangerouslySetInnerHTML={{ __html: safeJson(props) }} />
      <div data-island={name} data-props={id} data-hydrate={hydrate} data-render={Component ? undefined : 'client'}>
        {Component ? <Component {...props} /> : fallback}
      </div>
    </>
  )
}
