// A field's name as the realtor reads it, from its draft or API path: 'contactPhone' → "Contact phone",
// 'activityRegion.0.city' → "Activity region 1 · City". One rule for every message that names a field
// (the import's errors, the save notice), built from the editor's own labels (builder.field.*).

type Translate = (key: string) => string

/** List fields: the label of one item, numbered from 1. */
const LIST_ITEM_LABELS: Record<string, string> = {
  activityRegion: 'builder.field.activityRegion',
  etcInfo: 'builder.field.etcInfo',
  additionalSections: 'builder.field.additionalSection',
  photos: 'builder.field.photo',
  testimonials: 'builder.field.testimonial',
}

/** Parts of list items whose label key is not `builder.field.{part}`: the labels their editor fields show. */
const LIST_PART_LABELS: Record<string, Record<string, string>> = {
  additionalSections: {
    title: 'builder.sections.titleKo',
    content: 'builder.sections.contentKo',
    titleEn: 'builder.sections.titleEn',
    contentEn: 'builder.sections.contentEn',
  },
  photos: { caption: 'gallery.editor.caption', captionEn: 'gallery.editor.captionEn' },
  testimonials: {
    clientName: 'builder.testimonials.clientName',
    quoteKr: 'builder.testimonials.quoteKr',
    quoteEn: 'builder.testimonials.quoteEn',
    sourceUrl: 'builder.testimonials.sourceUrl',
    rating: 'builder.testimonials.rating',
  },
}

/** Fields whose label key is not `builder.field.{name}`. */
const RENAMED: Record<string, string> = {
  'seoMeta.ko': 'builder.field.seoKo',
  'seoMeta.en': 'builder.field.seoEn',
  'seoMeta.title': 'builder.field.seoTitle',
  'seoMeta.description': 'builder.field.seoDescription',
  'seoMeta.keywords': 'builder.field.seoKeywords',
  'seoMeta.author': 'builder.field.seoAuthor',
  // The etcInfo items with fields of their own (decision 101), as the API names them when they are missing.
  'etcInfo.company_name': 'builder.field.brokerageName',
  'etcInfo.company_license': 'builder.field.brokerageLicense',
  // The names in each language (decision 103).
  'etcInfo.korea_name': 'builder.field.nameKo',
  'etcInfo.english_name': 'builder.field.nameEn',
  sectionOrder: 'builder.sections.order',
  designTemplate: 'builder.design33.field.label',
}

const SEPARATOR = ' · '

/** The label of `path`; a part with no label of its own stays as written, so nothing is ever dropped. */
export function fieldLabel(path: string, m: Translate): string {
  const parts = path.split('.').filter(Boolean)
  const known = (key: string | undefined) => {
    if (!key) return undefined
    const text = m(key)
    return text === key ? undefined : text
  }
  const [head = '', ...rest] = parts
  if (head in LIST_ITEM_LABELS && rest.length > 0 && /^\d+$/.test(rest[0] ?? '')) {
    const item = `${known(LIST_ITEM_LABELS[head]) ?? head} ${Number(rest[0]) + 1}`
    const inner = rest.slice(1)
    return inner.length === 0
      ? item
      : [
          item,
          ...inner.map((part) => known(LIST_PART_LABELS[head]?.[part]) ?? known(`builder.field.${part}`) ?? part),
        ].join(SEPARATOR)
  }
  if (head === 'seoMeta' && rest.length > 0) {
    const [lang = '', ...leaf] = rest
    return [
      known(RENAMED[`seoMeta.${lang}`]) ?? lang,
      ...leaf.map((part) => known(RENAMED[`seoMeta.${part}`]) ?? part),
    ].join(SEPARATOR)
  }
  return (
    known(Object.hasOwn(RENAMED, path) ? RENAMED[path] : undefined) ??
    known(`builder.field.${path}`) ??
    known(LIST_ITEM_LABELS[path]) ??
    path
  )
}

/** "Label: message" for each field error; a message about no field in particular stands alone. */
export function describeFieldErrors(fields: readonly { path: string; message: string }[], m: Translate): string[] {
  return fields.map(({ path, message }) => (path ? `${fieldLabel(path, m)}: ${message}` : message))
}
