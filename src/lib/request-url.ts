// A request's URL, parsed once: a page asks for its path several times while it renders.
const urls = new WeakMap<Request, URL>()

/** The parsed URL of the request. Shared by every caller: read it, never change it. */
export function requestUrl(request: Request): URL {
  const known = urls.get(request)
  if (known) return known
  const url = new URL(request.url)
  urls.set(request, url)
  return url
}
