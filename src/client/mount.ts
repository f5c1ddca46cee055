// React and its DOM client, loaded as one chunk the first time a page hydrates an island.
// Static imports let the bundler resolve React's CommonJS exports (a dynamic import() of
// 'react' yields a namespace whose named exports are not guaranteed).
import { type ComponentType, createElement } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'

/** Hydrates the island's server render, or renders it over its fallback when the server sent none (data-render="client"). */
export function mount(element: HTMLElement, component: ComponentType<object>, props: object): void {
  if (element.dataset.render === 'client') {
    createRoot(element).render(createElement(component, props))
    return
  }
  hydrateRoot(element, createElement(component, props), {
    onRecoverableError: (error) => console.warn('[islands] recovered from a hydration mismatch', error),
  })
}
