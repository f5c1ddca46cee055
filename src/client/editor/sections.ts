// What the editor shows, in page order: each section and its fields as data. EditorSections draws
// the section links and the sections from this one list, so the two never disagree.
import { NAME_ETC_TYPES } from '../../lib/home/profile'
import type { Locale } from '../../lib/locale'
import { BROKERAGE_ETC_TYPES } from '../../lib/realtors/compliance'
import {
  BUYER_PROMPTS,
  ETC_INFO_TYPES,
  type EtcInfoType,
  HOME_DESIGNS,
  HOME_SECTIONS,
  STATES,
} from '../../lib/realtors/types'

/** An item of a list field (an activity region, an etcInfo entry, an additional section). */
export type ListItem = Record<string, string | number>
type Translate = (key: string) => string

/**
 * A sample text (message key, `{name}` filled with the realtor's name in `lang`, the text's language, else the
 * editor's) and, for a list item, a sibling field it fills too when that one is empty (an additional section's
 * title with its content).
 */
export interface Example {
  text: string
  lang?: Locale
  sibling?: { path: string; text: string }
}

/**
 * `label` and `hint` are message keys; `path` is the field's path in the draft (relative in a list). `byState`:
 * the label reads per the realtor's state (`{label}.ca`, `{label}.ga`: "DRE #", "License #"; decision 101).
 */
interface Labelled {
  path: string
  label: string
  hint?: string
  byState?: boolean
}

export type FieldSpec =
  | (Labelled & {
      kind: 'text' | 'email' | 'url' | 'tel' | 'date' | 'number'
      inputMode?: 'numeric' | 'decimal' | 'tel'
      placeholder?: string
      wide?: boolean
    })
  /** `example`: a message key of a sample text offered while the field is empty ("Use example"). */
  | (Labelled & { kind: 'multiline'; rows: number; example?: Example })
  /**
   * Options are values; `optionLabels` is the key prefix of their labels, else a value is its own label.
   * `numeric`: the values are numbers and are stored as such (a testimonial's rating).
   */
  | (Labelled & { kind: 'select'; options: readonly string[]; optionLabels?: string; numeric?: boolean })
  /**
   * The order of a fixed set of items (the homepage's sections, issue 33): each moved up or down by its buttons.
   * `options` are the ids; `optionLabels` the key prefix of their names.
   */
  | (Labelled & { kind: 'order'; options: readonly string[]; optionLabels: string })
  | (Labelled & { kind: 'yesno' | 'color' })
  /** One of a few designs, as cards with a drawing and a line each (`builder.design33.option.{value}`, `….hint`). */
  | (Labelled & { kind: 'design'; options: readonly string[] })
  /** The verified custom domain, read-only: it is connected on the Domain screen (docs/decisions/054). */
  | (Labelled & { kind: 'domain' })
  /**
   * The content of the etcInfo item of one type, as a field of its own (the brokerage's name and license);
   * `path` is `etcInfo.{type}`, the field's id and the path the API names when it is missing.
   */
  | (Labelled & { kind: 'etc'; contentType: EtcInfoType; lang?: Locale })
  /**
   * Records added, removed and reordered; each item is headed `{n}. {itemTitle}` and has `fields`. `hidden`:
   * items another field edits, left out of the list.
   */
  | {
      kind: 'list'
      path: string
      blank: ListItem
      itemTitle: (item: ListItem, m: Translate) => string
      fields: FieldSpec[]
      hidden?: (item: ListItem) => boolean
    }
  /** Fields under a legend, e.g. one language's SEO settings; `collapsed` ones open on request. */
  | { kind: 'group'; legend: string; hint?: string; collapsed?: boolean; fields: FieldSpec[] }
  | { kind: 'photos' }

export interface SectionSpec {
  /** The section's element id, the target of its link. */
  id: string
  title: string
  /** A message key: a line under the title saying what the section's fields do on the pages. */
  hint?: string
  fields: FieldSpec[]
}

/** The etcInfo items edited as fields of their own: the names (decision 103), the brokerage's name and license (101). */
const OWN_FIELD_TYPES: readonly string[] = [...Object.values(NAME_ETC_TYPES), ...BROKERAGE_ETC_TYPES]
const hasOwnField = (type: string | undefined) => OWN_FIELD_TYPES.includes(type ?? '')

const seoFields = (lang: 'ko' | 'en'): FieldSpec[] => [
  { kind: 'text', path: `seoMeta.${lang}.title`, label: 'builder.field.seoTitle' },
  { kind: 'text', path: `seoMeta.${lang}.author`, label: 'builder.field.seoAuthor' },
  { kind: 'multiline', path: `seoMeta.${lang}.description`, label: 'builder.field.seoDescription', rows: 3 },
  { kind: 'text', path: `seoMeta.${lang}.keywords`, label: 'builder.field.seoKeywords', wide: true },
]

export const SECTIONS: readonly SectionSpec[] = [
  {
    id: 'profile',
    title: 'builder.section.profile',
    fields: [
      {
        kind: 'group',
        legend: 'builder.field.names',
        hint: 'builder.field.names.hint',
        fields: [
          {
            kind: 'etc',
            path: 'etcInfo.korea_name',
            contentType: 'korea_name',
            label: 'builder.field.nameKo',
            hint: 'builder.field.nameKo.hint',
            lang: 'ko',
          },
          {
            kind: 'etc',
            path: 'etcInfo.english_name',
            contentType: 'english_name',
            label: 'builder.field.nameEn',
            hint: 'builder.field.nameEn.hint',
            lang: 'en',
          },
        ],
      },
      { kind: 'text', path: 'desiredUrl', label: 'builder.field.desiredUrl', hint: 'builder.field.desiredUrl.hint' },
      {
        kind: 'tel',
        path: 'contactPhone',
        inputMode: 'tel',
        label: 'builder.field.contactPhone',
        hint: 'builder.field.contactPhone.hint',
      },
      { kind: 'email', path: 'email', label: 'builder.field.email' },
      // A KakaoTalk ID is no URL: a text field (decision 104).
      { kind: 'text', path: 'kakaoLink', label: 'builder.field.kakaoLink', hint: 'builder.field.kakaoLink.hint' },
      { kind: 'domain', path: 'hompageUrl', label: 'builder.field.hompageUrl' },
      {
        kind: 'group',
        legend: 'builder.field.compliance',
        hint: 'builder.field.compliance.hint',
        fields: [
          { kind: 'text', path: 'licenseNumber', label: 'builder.field.licenseNumber', byState: true },
          {
            kind: 'etc',
            path: 'etcInfo.company_name',
            contentType: 'company_name',
            label: 'builder.field.brokerageName',
          },
          {
            kind: 'etc',
            path: 'etcInfo.company_license',
            contentType: 'company_license',
            label: 'builder.field.brokerageLicense',
            byState: true,
          },
        ],
      },
    ],
  },
  {
    id: 'about',
    title: 'builder.section.about',
    fields: [
      {
        kind: 'multiline',
        path: 'aboutMeKr',
        label: 'builder.field.aboutMeKr',
        rows: 6,
        example: { text: 'builder.example.aboutMeKr', lang: 'ko' },
      },
      {
        kind: 'multiline',
        path: 'aboutMeEn',
        label: 'builder.field.aboutMeEn',
        rows: 6,
        example: { text: 'builder.example.aboutMeEn', lang: 'en' },
      },
    ],
  },
  {
    id: 'sns',
    title: 'builder.section.sns',
    fields: [
      {
        kind: 'url',
        path: 'snsYoutubeUrl',
        label: 'builder.field.snsYoutubeUrl',
        hint: 'builder.field.snsYoutubeUrl.hint',
      },
      { kind: 'url', path: 'snsInstagramUrl', label: 'builder.field.snsInstagramUrl' },
      {
        kind: 'url',
        path: 'recommendedYoutubeUrl',
        label: 'builder.field.recommendedYoutubeUrl',
        hint: 'builder.field.videoHint',
      },
    ],
  },
  {
    id: 'regions',
    title: 'builder.section.regions',
    fields: [
      {
        kind: 'list',
        path: 'activityRegion',
        blank: { state: 'CA', city: '', neighborhood: '', zipcode: '' },
        itemTitle: (item) => [item.city, item.state].filter(Boolean).join(', '),
        fields: [
          { kind: 'select', path: 'state', label: 'builder.field.state', options: STATES },
          { kind: 'text', path: 'city', label: 'builder.field.city' },
          { kind: 'text', path: 'neighborhood', label: 'builder.field.neighborhood' },
          { kind: 'text', path: 'zipcode', inputMode: 'numeric', label: 'builder.field.zipcode' },
        ],
      },
    ],
  },
  {
    id: 'career',
    title: 'builder.section.career',
    fields: [
      { kind: 'date', path: 'careerStart', label: 'builder.field.careerStart' },
      { kind: 'date', path: 'careerEnd', label: 'builder.field.careerEnd', hint: 'builder.field.careerEnd.hint' },
      { kind: 'number', path: 'salesCount', label: 'builder.field.salesCount' },
      { kind: 'number', path: 'lastYearSalesTotal', inputMode: 'decimal', label: 'builder.field.lastYearSalesTotal' },
    ],
  },
  {
    id: 'design',
    title: 'builder.section.design',
    fields: [
      { kind: 'design', path: 'designTemplate', label: 'builder.design33.field.label', options: HOME_DESIGNS },
      { kind: 'color', path: 'designMainColor', label: 'builder.field.designMainColor' },
      { kind: 'number', path: 'designFontSize', label: 'builder.field.designFontSize' },
      { kind: 'yesno', path: 'designMainDarkMode', label: 'builder.field.designMainDarkMode' },
      { kind: 'yesno', path: 'contentDarkMode', label: 'builder.field.contentDarkMode' },
    ],
  },
  { id: 'photos', title: 'builder.section.photos', fields: [{ kind: 'photos' }] },
  {
    id: 'seo',
    title: 'builder.section.seo',
    fields: [
      { kind: 'group', legend: 'builder.field.seoKo', fields: seoFields('ko') },
      { kind: 'group', legend: 'builder.field.seoEn', fields: seoFields('en') },
    ],
  },
  {
    id: 'etc',
    title: 'builder.section.etc',
    fields: [
      {
        kind: 'list',
        path: 'etcInfo',
        blank: { contentType: 'company_address', content: '' },
        itemTitle: (item, m) => m(`builder.etc.${item.contentType}`),
        // The names and the brokerage's name and license are fields of the profile section.
        hidden: (item) => hasOwnField(String(item.contentType ?? '')),
        fields: [
          {
            kind: 'select',
            path: 'contentType',
            label: 'builder.field.contentType',
            options: ETC_INFO_TYPES.filter((type) => !hasOwnField(type)),
            optionLabels: 'builder.etc.',
          },
          { kind: 'text', path: 'content', label: 'builder.field.content' },
        ],
      },
    ],
  },
  {
    id: 'testimonials',
    title: 'builder.section.testimonials',
    hint: 'builder.testimonials.hint',
    fields: [
      {
        kind: 'list',
        path: 'testimonials',
        blank: { clientName: '', quoteKr: '', quoteEn: '', sourceUrl: '', rating: 0 },
        itemTitle: (item) => String(item.clientName ?? ''),
        fields: [
          { kind: 'text', path: 'clientName', label: 'builder.testimonials.clientName' },
          {
            kind: 'select',
            path: 'rating',
            label: 'builder.testimonials.rating',
            options: ['0', '1', '2', '3', '4', '5'],
            optionLabels: 'builder.testimonials.rating.',
            numeric: true,
          },
          { kind: 'multiline', path: 'quoteKr', label: 'builder.testimonials.quoteKr', rows: 3 },
          { kind: 'multiline', path: 'quoteEn', label: 'builder.testimonials.quoteEn', rows: 3 },
          { kind: 'url', path: 'sourceUrl', label: 'builder.testimonials.sourceUrl', wide: true },
        ],
      },
    ],
  },
  {
    id: 'additional',
    title: 'builder.section.additional',
    hint: 'builder.sections.languages.hint',
    fields: [
      {
        kind: 'list',
        path: 'additionalSections',
        blank: { title: '', content: '', titleEn: '', contentEn: '' },
        // Headed by the title in either language: a section may be written in English only.
        itemTitle: (item) => String(item.title || item.titleEn || ''),
        fields: [
          { kind: 'text', path: 'title', label: 'builder.sections.titleKo', wide: true },
          {
            kind: 'multiline',
            path: 'content',
            label: 'builder.sections.contentKo',
            rows: 4,
            example: {
              text: 'builder.example.sectionContent',
              lang: 'ko',
              sibling: { path: 'title', text: 'builder.example.sectionTitle' },
            },
          },
          { kind: 'text', path: 'titleEn', label: 'builder.sections.titleEn', wide: true },
          {
            kind: 'multiline',
            path: 'contentEn',
            label: 'builder.sections.contentEn',
            rows: 4,
            example: {
              text: 'builder.sections.exampleContentEn',
              lang: 'en',
              sibling: { path: 'titleEn', text: 'builder.sections.exampleTitleEn' },
            },
          },
        ],
      },
    ],
  },
  {
    id: 'order',
    title: 'builder.sections.order',
    hint: 'builder.sections.order.hint',
    fields: [
      {
        kind: 'order',
        path: 'sectionOrder',
        label: 'builder.sections.order',
        options: HOME_SECTIONS,
        optionLabels: 'builder.sections.',
      },
    ],
  },
  {
    id: 'settings',
    title: 'builder.section.settings',
    fields: [
      // How insistently the site asks visitors to sign up as buyers (issue 32, docs/decisions/107).
      {
        kind: 'select',
        path: 'buyerPrompt',
        label: 'builder.field.buyerPrompt',
        hint: 'builder.field.buyerPrompt.hint',
        options: BUYER_PROMPTS,
        optionLabels: 'builder.field.buyerPrompt.',
      },
      {
        kind: 'number',
        path: 'buyerPromptViews',
        label: 'builder.field.buyerPromptViews',
        hint: 'builder.field.buyerPromptViews.hint',
      },
      // Fields with no visible effect on the page, or only a small one: out of the way, each explained.
      {
        kind: 'group',
        legend: 'builder.field.advanced',
        hint: 'builder.field.advanced.hint',
        collapsed: true,
        fields: [
          {
            kind: 'yesno',
            path: 'madeForRealtor',
            label: 'builder.field.madeForRealtor',
            hint: 'builder.field.madeForRealtor.hint',
          },
          {
            kind: 'text',
            path: 'ppProfileId',
            label: 'builder.field.ppProfileId',
            hint: 'builder.field.ppProfileId.hint',
          },
        ],
      },
    ],
  },
]
