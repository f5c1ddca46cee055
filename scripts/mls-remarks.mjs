// The PublicRemarks of the embedded MLS's listings (scripts/seed-mls.mjs): two to four sentences in English,
// as listing agents write them, put together from the home's facts, its kind and where it is.

const ADJECTIVES = [
  'light-filled',
  'beautifully updated',
  'move-in ready',
  'spacious',
  'well-kept',
  'turnkey',
  'freshly renovated',
  'charming',
  'sun-drenched',
  'thoughtfully designed',
]
const KIND_WORDS = { 'Single Family Residence': 'home', Condominium: 'condo', Townhouse: 'townhome' }

const OPENERS = [
  (p, kind, adjective) => `Welcome to this ${adjective} ${p.BedroomsTotal}-bedroom ${kind} in ${p.SubdivisionName}.`,
  (p, kind, adjective) =>
    `${capital(adjective)} ${p.BedroomsTotal}-bed, ${baths(p)}-bath ${kind} on a quiet street in ${p.SubdivisionName}.`,
  (p, kind) =>
    `Rarely available ${kind} in the heart of ${p.City} with ${thousands(p.LivingArea)} sq ft of living space.`,
  (p, kind, adjective) => `A ${adjective} ${kind} built in ${p.YearBuilt}, in sought-after ${p.SubdivisionName}.`,
  (p, kind) => `Pride of ownership shows throughout this ${p.BedroomsTotal}-bedroom ${kind} in ${p.City}.`,
]

const FEATURES = {
  'Single Family Residence': [
    'The open floor plan joins a remodeled kitchen with quartz counters and a large island to a family room with a fireplace.',
    'Upstairs, the primary suite has a walk-in closet and a spa-like bath with a soaking tub.',
    'Recent updates include wide-plank flooring, fresh paint, dual-pane windows and a new HVAC system.',
    'The private backyard has a covered patio, mature trees and room for a vegetable garden.',
    'A two-car garage with an EV charger and built-in cabinets completes the home.',
    'A bedroom and full bath on the main floor suit guests or multigenerational living.',
    'Vaulted ceilings and large windows fill the living areas with natural light.',
  ],
  Condominium: [
    'The unit has an open kitchen with stainless appliances, in-unit laundry and a private balcony.',
    'The building offers a pool, a fitness center, secured parking and a staffed lobby.',
    'Two assigned parking spaces and an extra storage room are included.',
    'Floor-to-ceiling windows bring in light all day, with city views from the living room.',
    'Low HOA dues cover water, trash and the upkeep of the grounds.',
  ],
  Townhouse: [
    'This end-unit townhome has a private patio and an attached two-car garage.',
    'Community amenities include a pool, a clubhouse and walking trails.',
    'The kitchen opens to the dining area and a balcony made for morning coffee.',
    'Each bedroom has its own bath, and the laundry is upstairs where it belongs.',
  ],
}
const STATE_FEATURES = {
  CA: ['Owned solar panels keep the utility bills low.', 'Drought-tolerant landscaping saves water and time.'],
  GA: [
    'A finished basement adds a media room, a guest suite and plenty of storage.',
    'A screened porch overlooks the wooded backyard.',
  ],
}
const LOCATIONS = ['Minutes from {near}.', 'Close to {near}.', 'Enjoy easy access to {near}.', 'Near {near}.']
const LEASE_TERMS = [
  'Available now for a 12-month lease; small pets considered.',
  'Available for a one-year lease. Tenant pays utilities; gardening included.',
  'Available from the first of the month, with a flexible move-in date.',
  'Unfurnished, available for a 12- or 24-month lease. No smoking.',
]

const thousands = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
const capital = (text) => text[0].toUpperCase() + text.slice(1)
const baths = (p) => p.BathroomsTotalInteger + (p.BathroomsHalf ? 0.5 : 0)

/** The remarks of Property `p` in `place`, chosen by the generator `r`. */
export function remarksOf(r, p, place) {
  const kind = KIND_WORDS[p.PropertySubType]
  const sentences = [r.pick(OPENERS)(p, kind, r.pick(ADJECTIVES))]
  const features = [
    ...FEATURES[p.PropertySubType],
    ...(p.PropertySubType === 'Condominium' ? [] : STATE_FEATURES[p.StateOrProvince]),
  ]
  const first = r.pick(features)
  sentences.push(first)
  if (r.next() < 0.5) {
    const second = r.pick(features)
    if (second !== first) sentences.push(second)
  }
  sentences.push(r.pick(LOCATIONS).replace('{near}', place.near))
  if (p.PropertyType === 'Residential Lease') sentences.push(r.pick(LEASE_TERMS))
  return sentences.join(' ')
}
