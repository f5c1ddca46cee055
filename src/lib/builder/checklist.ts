// The onboarding checklist (docs/decisions/048-onboarding.md): what a new homepage still needs before
// it is worth publishing, derived from the saved realtor only, so the list never claims a step that a
// failed save did not keep (and whether a notification reached the realtor, which the server knows). Pure: the editor shows it, and anything else can reuse it.
import { DEFAULT_MAIN_COLOR } from '../home/design'
import { missingToPublish, REQUIREMENT_PATHS } from '../realtors/compliance'
import type { RealtorInput } from '../realtors/schema'

export const CHECKLIST_STEPS = [
  'photo',
  'about',
  'region',
  'contact',
  'license',
  'brokerage',
  'colours',
  'notify',
  'publish',
] as const
export type ChecklistStep = (typeof CHECKLIST_STEPS)[number]

export interface ChecklistItem {
  step: ChecklistStep
  done: boolean
  /**
   * The draft path of the field the item leads to: the first one still missing, so the link lands where
   * the work is ('photos', 'activityRegion' and 'isMakeHomepage' stand for the photo slots, the region
   * list and the Publish button; 'notifications' for the Notifications screen).
   */
  path: string
}

/** What the checklist knows beyond the saved realtor. */
export interface ChecklistState {
  /** A notification of the realtor's own has reached them (docs/decisions/063-notifications-on-by-default.md). */
  notified: boolean
}

export interface Checklist {
  items: ChecklistItem[]
  done: number
  total: number
  complete: boolean
}

type ChecklistInput = Pick<
  RealtorInput,
  | 'photos'
  | 'aboutMeKr'
  | 'aboutMeEn'
  | 'activityRegion'
  | 'contactPhone'
  | 'email'
  | 'designMainColor'
  | 'designMainDarkMode'
  | 'contentDarkMode'
  | 'isMakeHomepage'
  | 'licenseNumber'
  | 'etcInfo'
>

const filled = (text: string | undefined) => Boolean(text?.trim())

export function checklistOf(realtor: ChecklistInput, { notified }: ChecklistState = { notified: false }): Checklist {
  const aboutPath = filled(realtor.aboutMeKr) ? 'aboutMeEn' : 'aboutMeKr'
  const contactPath = filled(realtor.contactPhone) ? 'email' : 'contactPhone'
  // What publishing needs (decision 101): the steps the Publish button names when they are missing.
  const missing = missingToPublish(realtor)
  const items: ChecklistItem[] = [
    { step: 'photo', done: realtor.photos.some((photo) => photo.path === 'id'), path: 'photos' },
    { step: 'about', done: filled(realtor.aboutMeKr) && filled(realtor.aboutMeEn), path: aboutPath },
    {
      step: 'region',
      // A region counts once it names a city: the homes on the page come from it.
      done: realtor.activityRegion.some((region) => filled(region.city)),
      path: 'activityRegion',
    },
    { step: 'contact', done: filled(realtor.contactPhone) && filled(realtor.email), path: contactPath },
    { step: 'license', done: !missing.includes('licenseNumber'), path: REQUIREMENT_PATHS.licenseNumber },
    { step: 'brokerage', done: !missing.includes('brokerageName'), path: REQUIREMENT_PATHS.brokerageName },
    {
      step: 'colours',
      // Any deliberate design choice counts: a main colour other than the default, or a dark mode.
      done:
        realtor.designMainColor.toLowerCase() !== DEFAULT_MAIN_COLOR.toLowerCase() ||
        realtor.designMainDarkMode === 'Y' ||
        realtor.contentDarkMode === 'Y',
      path: 'designMainColor',
    },
    // Done once a channel delivered (a real contact or the screen's test), not when one is merely set.
    { step: 'notify', done: notified, path: 'notifications' },
    { step: 'publish', done: realtor.isMakeHomepage === 'Y', path: 'isMakeHomepage' },
  ]
  const done = items.filter((item) => item.done).length
  return { items, done, total: items.length, complete: done === items.length }
}
