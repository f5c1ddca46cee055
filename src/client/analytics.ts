// First-party analytics from the browser: one beacon per event to POST /api/events, which survives the
// page being left (navigator.sendBeacon) and never delays the visitor.
import { EVENTS_PATH, type LandingEvent } from '../lib/analytics'
import { deviceType } from '../lib/environment'

export function track(name: LandingEvent): void {
  const locale = document.documentElement.lang === 'en' ? 'en' : 'ko'
  const body = new Blob([JSON.stringify({ name, deviceType: deviceType(navigator.userAgent), locale })], {
    type: 'application/json',
  })
  try {
    if (navigator.sendBeacon?.(EVENTS_PATH, body)) return
  } catch {
    // Fall through to fetch: some browsers refuse beacons with a JSON type.
  }
  fetch(EVENTS_PATH, { method: 'POST', body, keepalive: true }).catch(() => undefined)
}
