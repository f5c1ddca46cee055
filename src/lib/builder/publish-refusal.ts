// The editor's and the API's words for a publish the rules refuse (decision 101): which fields are missing,
// under the labels the realtor's state gives them. Builder messages: the API and the editor read them, never
// a visitor's page or the cron (src/lib/catalogue.ts).
import { type LicenseState, type PublishRequirement, stateLabelKey } from '../realtors/compliance'

/** The label key of each requirement's field (builder.field.*), by the realtor's state. */
export const requirementLabelKey = (requirement: PublishRequirement, state: LicenseState): string =>
  requirement === 'licenseNumber' ? stateLabelKey('builder.field.licenseNumber', state) : 'builder.field.brokerageName'

/** "To publish, first fill in …": the explanation of a refusal, in the language `translate` speaks. */
export function publishRefusalText(
  missing: readonly PublishRequirement[],
  state: LicenseState,
  locale: string,
  translate: (key: string, values?: Record<string, string>) => string,
): string {
  const labels = missing.map((requirement) => translate(requirementLabelKey(requirement, state)))
  const fields = new Intl.ListFormat(locale, { type: 'conjunction' }).format(labels)
  return translate('builder.publish.missing', { fields })
}
