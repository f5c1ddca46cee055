// "Once the page is shown", the one rule of the effects that count or mark something: after the page has
// loaded, and for a page the browser prerenders only once the person actually opens it. A page the browser
// merely prefetches runs no script at all, so it never gets this far.

/** Runs `shown` once, when the page has loaded and is no longer being prerendered. */
export function whenShown(shown: () => void): void {
  // Each event fires once: no listener needs removing.
  const run = (): unknown =>
    (document as { prerendering?: boolean }).prerendering
      ? document.addEventListener('prerenderingchange', run)
      : shown()
  if (document.readyState === 'complete') run()
  else addEventListener('load', run)
}
