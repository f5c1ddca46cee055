// A legal text in both languages on one page, sections #ko and #en, the page's own first (docs/decisions/029-legal-pages.md).
import { isLegalMessage } from '../../lib/catalogue'
import { intlFor, type LegalIntls } from '../../lib/i18n'
import { LOCALES, type Locale, localizedPath } from '../../lib/locale'
import type { PageUrls } from '../../lib/urls'
import { LEGAL_VALUES, type LegalPart, type LegalText } from './documents'

export interface LegalDocumentProps {
  doc: LegalText
  /** The page's language: its section comes first. */
  locale: Locale
  /** Where this site's pages start: '' on the provider's site and on a custom domain, else '/{desiredUrl}'. */
  tenantBase: string
  /** The provider's landing page in each language (its request form is how to reach the operator). */
  landing: PageUrls
  /** A realtor's site: the realtor's name in each language, said in the texts that have a tenant intro. */
  realtorName?: Record<Locale, string>
  /** The legal texts' messages (`legalIntls`: a static asset, not in the bundle); titles are the catalogue's. */
  legal: LegalIntls
}

type T = (id: string) => string

function Part({ part, t, href }: { part: LegalPart; t: T; href: (to: 'landing' | 'privacy') => string }) {
  return (
    <>
      <h3>{t(part.title)}</h3>
      {part.paragraphs?.map((id) => (
        <p key={id}>{t(id)}</p>
      ))}
      {part.items ? (
        <ul>
          {part.items.map((id) => (
            <li key={id}>{t(id)}</li>
          ))}
        </ul>
      ) : null}
      {part.link ? (
        <p>
          <a href={href(part.link.to)}>{t(part.link.label)}</a>
        </p>
      ) : null}
    </>
  )
}

export function LegalDocument({ doc, locale, tenantBase, landing, realtorName, legal }: LegalDocumentProps) {
  const order = [locale, ...LOCALES.filter((other) => other !== locale)]
  const other = order[1]!
  return (
    <div className="legal-doc">
      <p className="legal-doc__languages">
        <a href={`#${other}`} hrefLang={other} lang={other}>
          {legal[other].formatMessage({ id: 'legal.readIn' })}
        </a>
      </p>
      {order.map((lang) => {
        const values = { ...LEGAL_VALUES, name: realtorName?.[lang] ?? '' }
        const t: T = (id) => (isLegalMessage(id) ? legal[lang] : intlFor(lang)).formatMessage({ id }, values)
        const href = (to: 'landing' | 'privacy') =>
          to === 'landing' ? landing[lang] : `${localizedPath(lang, `${tenantBase}/terms/privacy`)}#${lang}`
        return (
          <section key={lang} id={lang} lang={lang} className="tenant-page__section legal-doc__language">
            {/* The page's own title is the <h1> above: its section's heading is there for the outline only. */}
            <h2 className={lang === locale ? 'visually-hidden' : undefined}>{t(doc.title)}</h2>
            {doc.dated ? <p className="legal-doc__updated">{t('legal.updated')}</p> : null}
            {realtorName && doc.tenantIntro ? <p>{t(doc.tenantIntro)}</p> : null}
            <p>{t(doc.intro)}</p>
            {doc.steps ? (
              <ol className="process-steps">
                {doc.parts.map((part) => (
                  <li key={part.title} className="process-steps__step">
                    <Part part={part} t={t} href={href} />
                  </li>
                ))}
              </ol>
            ) : (
              doc.parts.map((part) => <Part key={part.title} part={part} t={t} href={href} />)
            )}
          </section>
        )
      })}
    </div>
  )
}
