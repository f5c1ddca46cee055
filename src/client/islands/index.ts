// The island registry: each island's module, loaded lazily so a page downloads only the islands it has.
export const islands = {
  LanguageSwitcher: () => import('./LanguageSwitcher'),
  ContactForm: () => import('./ContactForm'),
  AgentListings: () => import('./AgentListings'),
  CityHomes: () => import('./CityHomes'),
  LeadRequest: () => import('./LeadRequest'),
  RealtorCarousel: () => import('./RealtorCarousel'),
  LoginForm: () => import('./LoginForm'),
  LoginRedirect: () => import('./LoginRedirect'),
  AgreementForm: () => import('./AgreementForm'),
  AdminConsole: () => import('./AdminConsole'),
  AccountSettings: () => import('./AccountSettings'),
  NotificationSettings: () => import('./NotificationSettings'),
  TimeZoneSettings: () => import('./TimeZoneSettings'),
  PushSettings: () => import('./PushSettings'),
  DomainSettings: () => import('./DomainSettings'),
  RealtorEditor: () => import('./RealtorEditor'),
  VideoEmbed: () => import('./VideoEmbed'),
  DeletedHomepageActions: () => import('./DeletedHomepageActions'),
  InboxEntryActions: () => import('./InboxEntryActions'),
} as const

export type IslandName = keyof typeof islands
