// Translated strings for islands: the server hands an island the `builder.*` messages of the page's
// language as props; `t` fills `{name}` placeholders (islands never load the whole message catalogue).

export type Messages = Record<string, string>

export function t(messages: Messages, key: string, values: Record<string, string | number> = {}): string {
  const template = messages[key] ?? key
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}
