// Page scroll lock for full-screen layers (the lead panel, the editor's phone preview): the page
// behind stays where it was, and the scrollbar's width is kept so nothing shifts sideways.

/** Locks the page's scroll; the returned function restores it. */
export function lockPageScroll(): () => void {
  const { body, documentElement } = document
  const gap = window.innerWidth - documentElement.clientWidth
  const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight }
  body.style.overflow = 'hidden'
  if (gap > 0) body.style.paddingRight = `${gap}px`
  return () => Object.assign(body.style, previous)
}
