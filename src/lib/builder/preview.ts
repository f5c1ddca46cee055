// The editor's preview (docs/decisions/044-preview.md): the unsaved draft laid over the saved realtor,
// so the live homepage's own components can render it. A field the schema refuses keeps its saved
// value, so a half-typed phone number or colour never blanks the preview.
import { REALTOR_DEFAULTS, realtorPatchSchema } from '../realtors/schema'
import type { Realtor } from '../realtors/types'

/**
 * The fields a draft may change in the preview: every writable one but the address, because the
 * preview is rendered at the saved address (a new one only takes effect on save).
 */
const PREVIEW_FIELDS: readonly string[] = Object.keys(REALTOR_DEFAULTS)

/** The saved realtor with every valid field of `draft` over it; unknown and refused fields are ignored. */
export function previewRealtor(saved: Realtor, draft: Readonly<Record<string, unknown>>): Realtor {
  const candidate = new Map<string, unknown>()
  for (const key of PREVIEW_FIELDS) if (Object.hasOwn(draft, key)) candidate.set(key, draft[key])
  // Each round drops the fields the schema refused and checks the rest again together: some rules
  // pair fields (the career end not before its start), so a field is only known good with the others.
  while (candidate.size > 0) {
    const result = realtorPatchSchema.safeParse(Object.fromEntries(candidate))
    if (result.success) return { ...saved, ...result.data }
    const before = candidate.size
    for (const issue of result.error.issues) candidate.delete(String(issue.path[0]))
    if (candidate.size === before) break
  }
  return saved
}
