// Translated strings for islands: the server hands each island the messages it names, in the page's
// language (src/lib/island-messages.ts); `t` fills `{name}` placeholders (islands never load the catalogue).

import type { Messages } from '../../lib/island-messages'

export type { Messages }

export function t(messages: Messages, key: string, values: Record<string, string | number> = {}): string {
  const template = messages[key] ?? key
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}
