// A request's URL, parsed once: a page asks for its path several times while it renders.
const urls = new WeakMap<Request, URL>()

/** The parsed URL of the request. Shared by every caller: read it, never change it. */
export function requestUrl(request: Request): URL {
  let url = urls.get(request)
  if (!url) urls.set(request, (url = new URL(request.url)))
  return url
}
