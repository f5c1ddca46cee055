// The realtor editor's form model (browser-safe, no server imports): a draft of every writable
// field with numbers kept as typed, validation with the API's own schema, and the patch of what
// changed since the last save.
import type { Locale } from '../locale'
import { REALTOR_DEFAULTS, type RealtorInput, type RealtorPatch, realtorPatchSchema } from '../realtors/schema'
import type { Realtor } from '../realtors/types'
import { localizeIssues } from '../validation'

/** The numeric fields, kept as strings while typed so '' and '1e' are visible errors, not 0. */
export const NUMBER_FIELDS = ['salesCount', 'designFontSize', 'lastYearSalesTotal'] as const
type NumberField = (typeof NUMBER_FIELDS)[number]

export type RealtorDraft = Omit<RealtorInput, NumberField> & Record<NumberField, string>

/** Field path (e.g. 'activityRegion.0.city') → message. */
export type FieldErrors = Record<string, string>

const WRITABLE_KEYS = Object.keys({ ...REALTOR_DEFAULTS, desiredUrl: '' }) as (keyof RealtorInput)[]

/** The editable part of a stored realtor, with the numbers as text. */
export function draftOf(realtor: Realtor): RealtorDraft {
  const input = inputOfRealtor(realtor)
  return {
    ...input,
    salesCount: String(input.salesCount),
    designFontSize: String(input.designFontSize),
    lastYearSalesTotal: String(input.lastYearSalesTotal),
  }
}

function inputOfRealtor(realtor: Realtor): RealtorInput {
  const input = {} as Record<string, unknown>
  for (const key of WRITABLE_KEYS) input[key] = realtor[key] ?? REALTOR_DEFAULTS[key as keyof typeof REALTOR_DEFAULTS]
  return input as unknown as RealtorInput
}

/** A typed number, or NaN for empty or non-numeric text (the schema reports it). */
export function parseNumber(value: string): number {
  const trimmed = value.trim().replaceAll(',', '')
  return trimmed === '' ? Number.NaN : Number(trimmed)
}

/** The draft as API input (numbers parsed, not yet validated). */
export function inputOf(draft: RealtorDraft): RealtorInput {
  return {
    ...draft,
    salesCount: parseNumber(draft.salesCount),
    designFontSize: parseNumber(draft.designFontSize),
    lastYearSalesTotal: parseNumber(draft.lastYearSalesTotal),
  }
}

export type Validation = { ok: true; input: RealtorInput } | { ok: false; errors: FieldErrors }

/** Validates the whole draft with the server's schema; messages in the page's language. */
export function validateDraft(draft: RealtorDraft, locale: Locale): Validation {
  const result = realtorPatchSchema.safeParse(inputOf(draft))
  if (result.success) return { ok: true, input: { ...inputOf(draft), ...result.data } }
  return { ok: false, errors: errorsOf(localizeIssues(result.error.issues, locale)) }
}

/** Field messages as a map; the first message of a path wins. */
export function errorsOf(fields: readonly { path: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {}
  for (const { path, message } of fields) errors[path] ??= message
  return errors
}

/** The fields whose value differs between two inputs (lists compare whole: PATCH replaces lists). */
export function patchOf(saved: RealtorInput, current: RealtorInput): RealtorPatch {
  const patch: Record<string, unknown> = {}
  for (const key of WRITABLE_KEYS) {
    if (JSON.stringify(saved[key]) !== JSON.stringify(current[key])) patch[key] = current[key]
  }
  return patch as RealtorPatch
}

/** True when the draft differs from what was last saved: the editor warns before leaving. */
export function isDirty(saved: RealtorDraft, draft: RealtorDraft): boolean {
  return WRITABLE_KEYS.some((key) => JSON.stringify(saved[key]) !== JSON.stringify(draft[key]))
}

/** Errors that belong to a field or to anything inside it (a list's items). */
export function errorsUnder(errors: FieldErrors, prefix: string): string[] {
  return Object.entries(errors)
    .filter(([path]) => path === prefix || path.startsWith(`${prefix}.`))
    .map(([, message]) => message)
}

/** The value at a dotted path ('seoMeta.ko.title', 'activityRegion.0.city'). */
export function getIn(value: unknown, path: string): unknown {
  let current: unknown = value
  for (const key of path.split('.')) {
    if (current == null || typeof current !== 'object') return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}

/** A copy of `value` with the dotted path set; arrays stay arrays, nothing is mutated. */
export function setIn<T>(value: T, path: string, next: unknown): T {
  const [head, ...rest] = path.split('.') as [string, ...string[]]
  const inner = rest.length === 0 ? next : setIn((value as Record<string, unknown>)?.[head], rest.join('.'), next)
  if (Array.isArray(value)) {
    const copy = [...value]
    copy[Number(head)] = inner
    return copy as T
  }
  return { ...(value as object), [head]: inner } as T
}
