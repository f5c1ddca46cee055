// The builder's islands (sign-in, editor, console, inbox, settings): a registry of their own, loaded by
// ./index.ts only when a page has one, so public pages never carry these loaders.
export const builderIslands = {
  LoginForm: () => import('./LoginForm'),
  LoginRedirect: () => import('./LoginRedirect'),
  PasswordForgotForm: () => import('./PasswordForgotForm'),
  PasswordResetForm: () => import('./PasswordResetForm'),
  AgreementForm: () => import('./AgreementForm'),
  AdminConsole: () => import('./AdminConsole'),
  AccountSettings: () => import('./AccountSettings'),
  NotificationSettings: () => import('./NotificationSettings'),
  TimeZoneSettings: () => import('./TimeZoneSettings'),
  PushSettings: () => import('./PushSettings'),
  DomainSettings: () => import('./DomainSettings'),
  RealtorEditor: () => import('./RealtorEditor'),
  DeletedHomepageActions: () => import('./DeletedHomepageActions'),
  InboxEntryActions: () => import('./InboxEntryActions'),
} as const

export type BuilderIslandName = keyof typeof builderIslands
