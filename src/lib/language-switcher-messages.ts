// The messages the language switcher names (src/client/islands/LanguageSwitcher.tsx): here, in lib, so the
// renderer that passes them (src/render.tsx) and the island that reads them share one list without the
// renderer reaching into an island. Browser-safe: a constant, no catalogue.

export const LANGUAGE_SWITCHER_MESSAGES = ['nav.language', 'locale.'] as const
