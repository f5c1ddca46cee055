// The message catalogue's shape (docs/decisions/025-message-catalogue.md, 091-messages-parsed-at-build.md),
// with no import but types: the worker's i18n (./i18n.ts) and the build (scripts/build-client.mjs, which
// parses the catalogue's ICU messages ahead of time) read the catalogue by the same rules.

import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'

/**
 * A parsed message as src/generated/messages.ts holds it: a literal element as its text, an argument as
 * `[name]`, any other element as formatjs's parser made it.
 */
export type CompactMessage = (string | [string] | MessageFormatElement)[]

/**
 * The generated catalogue (src/generated/messages.ts, the legal texts' asset): each id once, with its message
 * in each locale in LOCALES' order (`ko`, `en`), null where a locale has none.
 */
export type GeneratedCatalogue = Record<string, (string | CompactMessage | null)[]>

/** A catalogue file as formatjs wants it: every message under its full id (one group, `validation`, is nested). */
export function flattenCatalogue(catalogue: Record<string, string | Record<string, string>>): Record<string, string> {
  const messages: Record<string, string> = {}
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') messages[key] = value
    else for (const [inner, text] of Object.entries(value)) messages[`${key}.${inner}`] = text
  }
  return messages
}

/**
 * A message with no ICU syntax (no argument, tag or quote): it formats to itself. Every other message is
 * parsed at build (src/generated/messages.ts), so the worker ships no ICU parser.
 */
export const isPlainMessage = (text: string): boolean => !/[{}<>']/.test(text)

/**
 * A message of the legal texts (privacy, terms, process: src/views/legal). The build writes them to a static
 * asset rather than into the worker's bundle, and the worker reads them when it renders a legal page
 * (`legalIntls`, src/lib/i18n.ts; docs/decisions/094-bundle-headroom.md).
 */
export const isLegalMessage = (id: string): boolean => id.startsWith('legal.')

/**
 * The builder's messages formatted where no builder request is (a contact form's or a home request's POST, the
 * cron's retries): the mail and push texts a realtor is sent, and the fields and headlines they describe a
 * request by (src/lib/contacts/describe.ts). They stay in the bundle with the rest (`isBuilderMessage`);
 * test/unit/messages.test.ts finds any other such message.
 */
const BUILDER_MESSAGES_IN_BUNDLE = [
  'builder.notify.message.',
  'builder.notify.request.',
  'builder.push.',
  'inbox.field.',
  'inbox.request.',
  // A saved search's alert frequency, said in the realtor's notification of it (issue 32, decision 109).
  'buyers.frequency.',
]

/**
 * A message of the signed-in builder (`builder.…`, `inbox.…`, `buyers.…`): its pages, its islands, its APIs'
 * answers. The build writes them to a static asset rather than into the worker's bundle, and the worker reads
 * them before it answers a builder request (`loadBuilderMessages`, src/lib/i18n.ts;
 * docs/decisions/094-bundle-headroom.md) — all but the notifications' texts, which requests of visitors and
 * the cron format.
 */
export const isBuilderMessage = (id: string): boolean =>
  // `buyers.…`: the inbox's buyers and the dashboard's buyer figures (docs/decisions/109-buyers-in-the-inbox.md).
  (id.startsWith('builder.') || id.startsWith('inbox.') || id.startsWith('buyers.')) &&
  !BUILDER_MESSAGES_IN_BUNDLE.some((prefix) => id.startsWith(prefix))
