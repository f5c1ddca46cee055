// The landing page's analytics events (docs/product.md §7), each with device type and locale. Browser-safe.
import type { DeviceType } from './environment'
import type { Locale } from './locale'

export const LANDING_EVENTS = [
  'lead_realtor_view_home',
  'lead_realtor_click_btn_cta',
  'lead_realtor_view_form',
  'lead_realtor_click_form_cta',
] as const
export type LandingEvent = (typeof LANDING_EVENTS)[number]

export interface AnalyticsEvent {
  name: LandingEvent
  deviceType: DeviceType
  locale: Locale
}

export const EVENTS_PATH = '/api/events'
