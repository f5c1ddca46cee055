// Field messages of every schema, and the one function that turns zod issues into the API's `fields`
// (and a browser form's inline errors). Browser-safe: no server-only imports. The texts are the
// `validation` group of the message catalogue (locales/ko.json, locales/en.json); importing only that
// group keeps the rest of the catalogue out of the browser bundles that validate forms
// (docs/decisions/025-message-catalogue.md).
import type { z } from 'zod'
import { validation as en } from '../../locales/en.json'
import { validation as ko } from '../../locales/ko.json'
import type { Locale } from './locale'

export interface FieldMessage {
  path: string
  message: string
}

/** The key of a validation message: what a schema puts in an issue's `message` (`'too_long'`). */
export type ValidationKey = keyof typeof ko

type Messages = Record<ValidationKey, string>

export const VALIDATION_MESSAGES: Record<Locale, Messages> = { ko, en }

function isValidationKey(key: string): key is ValidationKey {
  return Object.hasOwn(ko, key)
}

/** The message key of an issue: the schema's own key, or one derived from zod's issue code. */
function keyOf(issue: z.core.$ZodIssue): ValidationKey {
  if (isValidationKey(issue.message)) return issue.message
  // An optional field (`'' or a valid value`): the message of the branch that says what is wrong.
  if (issue.code === 'invalid_union') {
    const inner = issue.errors.flat().find((branch) => isValidationKey(branch.message))
    if (inner) return inner.message as ValidationKey
  }
  if (issue.code === 'invalid_type') return issue.input === undefined ? 'required' : 'invalid_type'
  if (issue.code === 'too_big') return issue.origin === 'array' ? 'too_many' : 'too_long'
  return 'invalid_type'
}

/**
 * Fills a message's `{max}` and `{min}`. The validation messages use no other ICU syntax (a test
 * checks that formatjs formats them the same), so the browser needs no ICU formatter for them.
 */
function format(template: string, issue: z.core.$ZodIssue): string {
  const values: Record<string, unknown> = {
    max: 'maximum' in issue ? issue.maximum : '',
    min: 'minimum' in issue ? issue.minimum : '',
  }
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''))
}

/** One message per offending field, in the given locale; unknown keys are reported one by one. */
export function localizeIssues(issues: readonly z.core.$ZodIssue[], locale: Locale): FieldMessage[] {
  const messages = VALIDATION_MESSAGES[locale]
  const fields: FieldMessage[] = []
  for (const issue of issues) {
    const base = issue.path.map(String)
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields.push({ path: [...base, key].join('.'), message: messages.unknown_field })
      continue
    }
    fields.push({ path: base.join('.'), message: format(messages[keyOf(issue)], issue) })
  }
  return fields
}

/** The message of one key in a locale, for errors found outside a schema (a taken desiredUrl). */
export function validationMessage(key: ValidationKey, locale: Locale): string {
  return VALIDATION_MESSAGES[locale][key]
}

/** The message of a 400 whose fields say what is wrong. */
export const INVALID_INPUT_MESSAGE: Record<Locale, string> = { ko: ko.invalid_input, en: en.invalid_input }
