// React and its DOM client, loaded as one chunk the first time a page hydrates an island.
// Static imports let the bundler resolve React's CommonJS exports (a dynamic import() of
// 'react' yields a namespace whose named exports are not guaranteed).
import { type ComponentType, createElement } from 'react'
import { hydrateRoot } from 'react-dom/client'

export function mount(element: HTMLElement, component: ComponentType<object>, props: object): void {
  hydrateRoot(element, createElement(component, props), {
    onRecoverableError: (error) => console.warn('[islands] recovered from a hydration mismatch', error),
  })
}
