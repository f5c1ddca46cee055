// The builder's service worker (docs/decisions/065-web-push.md): shows a realtor's push notifications and
// opens the inbox entry a tap is for. Registered only by the builder's push settings, never by a homepage.
// No fetch handler: pages load exactly as without it. Served with Cache-Control: no-cache (public/_headers),
// so an update reaches browsers on their next visit. Its words come in each push (`title`, `body`), written
// in the realtor's language by the worker; a push without a readable payload shows the browser's own notice.

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

/** The payload the worker sends (src/lib/push/send.ts): { title, body, url, tag }. */
function payloadOf(event) {
  try {
    const data = event.data?.json()
    return data && typeof data.title === 'string' ? data : null
  } catch {
    return null
  }
}

self.addEventListener('push', (event) => {
  const payload = payloadOf(event)
  if (!payload) return
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      tag: typeof payload.tag === 'string' ? payload.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: typeof payload.url === 'string' ? payload.url : '/admin' },
    }),
  )
})

/** A tap: focus a window already showing that entry, else open it. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = new URL(event.notification.data?.url ?? '/admin', self.location.origin).href
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const open = windows.find((client) => client.url === target)
      return open ? open.focus() : self.clients.openWindow(target)
    })(),
  )
})
