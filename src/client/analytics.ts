// First-party analytics from the browser: one beacon per event to POST /api/events, which survives the
// page being left (navigator.sendBeacon) and never delays the visitor.
import { EVENTS_PATH, type LandingEvent } from '../lib/analytics'
import { deviceType } from '../lib/environment'

export function track(name: LandingEvent): void {
  const locale = document.documentElement.lang === 'en' ? 'en' : 'ko'
  // A string body goes as text/plain: a simple request that every browser sends as a beacon.
  const body = JSON.stringify({ name, deviceType: deviceType(navigator.userAgent), locale })
  if (navigator.sendBeacon?.(EVENTS_PATH, body)) return
  // The rare fallback loads the API client on demand: main.ts, which imports this, stays small. An
  // event that cannot be sent is dropped: analytics never troubles the visitor.
  import('./lib/api')
    .then(({ api }) => api(EVENTS_PATH, { method: 'POST', body, keepalive: true }))
    .catch(() => undefined)
}
