// Whether the page is being left on purpose (sign-out after our own "unsaved changes" dialog), so the
// editor's beforeunload warning does not ask a second time on top of it.
let leaving = false

export function allowLeaving(): void {
  leaving = true
}

export function isLeaving(): boolean {
  return leaving
}
