// What a homepage shows to meet the rules realtors work under (issue 31, docs/decisions/101-compliance-by-default.md):
// the realtor's license under the label of their state (California's DRE: "DRE #"; Georgia: "License #"), the
// brokerage's name and license, and which of them publishing needs. Pure and browser-safe: the API's publish
// check, the editor's fields, checklist and Publish button, and every homepage's footer read it.
import type { EtcInfo, Realtor, State } from './types'

/** The state whose label a license takes; '' when the realtor names no region yet (a generic "License #"). */
export type LicenseState = State | ''

/**
 * The realtor's state: their first activity region's, the one they list first and their site's search starts
 * in. A realtor working both states holds the license of the state they list first on their labels.
 */
export function licenseStateOf(regions: readonly { state?: string }[]): LicenseState {
  const state = regions.find((region) => region.state === 'CA' || region.state === 'GA')?.state
  return state === 'CA' || state === 'GA' ? state : ''
}

/** A message key of a label that reads per state: `{base}.ca`, `{base}.ga`, or `base` itself without a state. */
export const stateLabelKey = (base: string, state: LicenseState): string =>
  state ? `${base}.${state.toLowerCase()}` : base

/**
 * The number of a license as typed, without a label the realtor already wrote ("DRE #01234567", "GA Firm
 * #H-61290", "Lic. 358812"), so the page's own label is never doubled; the text itself when that is all there is.
 */
export function licenseNumberOf(value: string): string {
  const text = value.trim()
  const bare = text.replace(/^(?:(?:CalDRE|DRE|BRE|CA|GA|Corp\.?|Firm|Broker|License|Lic\.?|No\.?)\s*)*#?\s*/i, '')
  return bare || text
}

/** The etcInfo items the editor shows as fields of their own: the brokerage's name and license. */
export const BROKERAGE_ETC_TYPES = ['company_name', 'company_license'] as const

const etcContent = (items: readonly EtcInfo[] | undefined, type: EtcInfo['contentType']): string =>
  items?.find((item) => item.contentType === type && item.content.trim())?.content.trim() ?? ''

/** What publishing needs: the realtor's own license and their brokerage's name (California and Georgia rules). */
export const PUBLISH_REQUIREMENTS = ['licenseNumber', 'brokerageName'] as const
export type PublishRequirement = (typeof PUBLISH_REQUIREMENTS)[number]

/** The draft or API path of each requirement's field: the brokerage's name is the etcInfo item `company_name`. */
export const REQUIREMENT_PATHS: Record<PublishRequirement, string> = {
  licenseNumber: 'licenseNumber',
  brokerageName: 'etcInfo.company_name',
}

type ComplianceFields = Pick<Realtor, 'licenseNumber' | 'etcInfo'>

/** The requirements a profile does not meet, in form order. */
export function missingToPublish(realtor: ComplianceFields): PublishRequirement[] {
  const missing: PublishRequirement[] = []
  if (!realtor.licenseNumber?.trim()) missing.push('licenseNumber')
  if (!etcContent(realtor.etcInfo, 'company_name')) missing.push('brokerageName')
  return missing
}

/**
 * What a write may not do: publish a homepage that misses a requirement, or take one away from a published
 * homepage. A homepage published before the rule keeps saving other fields until it is completed.
 */
export function publishRefusal(
  before: (ComplianceFields & Pick<Realtor, 'isMakeHomepage'>) | null,
  after: ComplianceFields & Pick<Realtor, 'isMakeHomepage'>,
): PublishRequirement[] {
  if (after.isMakeHomepage !== 'Y') return []
  const missing = missingToPublish(after)
  if (before?.isMakeHomepage !== 'Y') return missing
  const missingBefore = new Set(missingToPublish(before))
  return missing.filter((requirement) => !missingBefore.has(requirement))
}

/** What every homepage's footer shows of the rules: computed once per cached profile by the caller (derivedFrom). */
export interface Compliance {
  state: LicenseState
  /** The realtor's license number without a label, '' when none. */
  license: string
  brokerage: string
  brokerageLicense: string
}

export function complianceOf(realtor: Pick<Realtor, 'licenseNumber' | 'etcInfo' | 'activityRegion'>): Compliance {
  const brokerageLicense = etcContent(realtor.etcInfo, 'company_license')
  return {
    state: licenseStateOf(realtor.activityRegion),
    license: realtor.licenseNumber?.trim() ? licenseNumberOf(realtor.licenseNumber) : '',
    brokerage: etcContent(realtor.etcInfo, 'company_name'),
    brokerageLicense: brokerageLicense ? licenseNumberOf(brokerageLicense) : '',
  }
}
