// The realtor API calls of docs/product.md §7: the only calls upstream mode forwards (no open proxy).

const CALLS: [method: string, path: RegExp][] = [
  ['GET', /^\/v1\/realtor\/export\/\d+$/],
  ['POST', /^\/v1\/realtor\/import\/\d+$/],
  ['POST', /^\/v1\/realtor\/presigned-multi-file-upload$/],
  ['GET', /^\/v1\/realtor\/[^/]+$/],
  ['POST', /^\/v1\/realtor$/],
  ['PATCH', /^\/v1\/realtor\/\d+$/],
  ['DELETE', /^\/v1\/realtor\/\d+$/],
]

export function isRealtorApiCall(method: string, pathname: string): boolean {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()
  return CALLS.some(([callMethod, path]) => callMethod === m && path.test(pathname))
}

/** Public reads of the realtor API and photos: any origin, no token (docs/product.md §6). */
export function isPublicRealtorRead(pathname: string): boolean {
  return (
    (/^\/v1\/realtor\/[^/]+$/.test(pathname) && !pathname.startsWith('/v1/realtor/export')) ||
    pathname.startsWith('/photos/')
  )
}
