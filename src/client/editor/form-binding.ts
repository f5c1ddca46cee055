// The editor's form state as one object its sections read and write: draft, errors shown for the
// fields a user has touched (or all after a save attempt), and path-based updates.
import { useMemo, useState } from 'react'
import { type FieldErrors, type RealtorDraft, setIn, validateDraft } from '../../lib/builder/form'
import type { Locale } from '../../lib/locale'

export interface EditorForm {
  draft: RealtorDraft
  set(path: string, value: unknown): void
  touch(path: string): void
  error(path: string): string | undefined
  errors: FieldErrors
}

export function useEditorForm(initial: RealtorDraft, locale: Locale) {
  const [draft, setDraft] = useState(initial)
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const [showAll, setShowAll] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const validation = useMemo(() => validateDraft(draft, locale), [draft, locale])
  const errors: FieldErrors = useMemo(
    () => ({ ...serverErrors, ...(validation.ok ? {} : validation.errors) }),
    [serverErrors, validation],
  )

  const form: EditorForm = {
    draft,
    errors,
    set(path, value) {
      setDraft((current) => setIn(current, path, value))
      setTouched((current) => new Set(current).add(path))
      setServerErrors(({ [path]: _dropped, ...rest }) => rest)
    },
    touch(path) {
      setTouched((current) => (current.has(path) ? current : new Set(current).add(path)))
    },
    error(path) {
      return showAll || touched.has(path) || path in serverErrors ? errors[path] : undefined
    },
  }
  return { form, draft, setDraft, validation, setShowAll, setServerErrors, resetTouched: () => setTouched(new Set()) }
}
