// A live preview of the homepage's main parts, drawn from the unsaved draft with the live page's own
// display rules (src/lib/home): hero photo, logo, portrait, name, about me, regions, track record,
// contact and the design settings, in a desktop or phone frame.
import { useState } from 'react'
import type { RealtorDraft } from '../../lib/builder/form'
import { designOf } from '../../lib/home/design'
import { groupPhotos, pickPhoto } from '../../lib/home/photos'
import { aboutMeOf, citiesOf, displayNameOf, statsOf } from '../../lib/home/profile'
import { type Messages, t } from '../lib/messages'

export function Preview({
  draft,
  name,
  messages,
  homepageHref,
}: {
  draft: RealtorDraft
  name: string
  messages: Messages
  homepageHref: string
}) {
  const [device, setDevice] = useState<'desktop' | 'phone'>('desktop')
  const [language, setLanguage] = useState<'ko' | 'en'>('ko')
  const photos = groupPhotos(draft.photos)
  const design = designOf({ ...draft, designFontSize: Number(draft.designFontSize) })
  const shownName = displayNameOf({ ...draft, name }, language)
  const about = aboutMeOf(draft, language)
  const cities = citiesOf(draft.activityRegion)
  const since = /^\d{4}/.exec(draft.careerStart)?.[0]
  const { sales } = statsOf({ ...draft, salesCount: Number(draft.salesCount), lastYearSalesTotal: 0 }, new Date())
  const hero = pickPhoto(photos.top)?.url
  const portrait = (pickPhoto(photos.id) ?? pickPhoto(photos.id2))?.url
  const logo = pickPhoto(photos.logo, 'thumbnail')?.url

  return (
    <aside className="preview" aria-label={t(messages, 'builder.preview.title')}>
      <div className="preview__bar">
        <h2 className="preview__title">{t(messages, 'builder.preview.title')}</h2>
        <fieldset className="segmented">
          <legend className="visually-hidden">{t(messages, 'builder.preview.title')}</legend>
          {(['desktop', 'phone'] as const).map((value) => (
            <button key={value} type="button" aria-pressed={device === value} onClick={() => setDevice(value)}>
              {t(messages, `builder.preview.${value}`)}
            </button>
          ))}
        </fieldset>
        <fieldset className="segmented">
          <legend className="visually-hidden">{t(messages, 'builder.preview.language')}</legend>
          {(['ko', 'en'] as const).map((value) => (
            <button key={value} type="button" aria-pressed={language === value} onClick={() => setLanguage(value)}>
              {value.toUpperCase()}
            </button>
          ))}
        </fieldset>
      </div>
      <p className="field__hint">
        {t(messages, 'builder.preview.note')}{' '}
        <a href={homepageHref} target="_blank" rel="noopener">
          {t(messages, 'builder.viewHomepage')} ↗
        </a>
      </p>
      <section
        className={`preview__frame preview__frame--${device}`}
        data-testid="preview"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
        aria-label={`${t(messages, 'builder.preview.title')}: ${t(messages, `builder.preview.${device}`)}`}
      >
        <div
          className={`mock${draft.contentDarkMode === 'Y' ? ' mock--dark' : ''}`}
          style={
            {
              '--mock-color': design.style['--brand'],
              fontSize: design.style['--home-font-size'],
            } as React.CSSProperties
          }
          lang={language}
        >
          <header className={`mock__header${draft.designMainDarkMode === 'Y' ? ' mock__header--dark' : ''}`}>
            {logo ? <img src={logo} alt="" className="mock__logo" /> : null}
            <strong>{shownName}</strong>
          </header>
          <div className="mock__hero" style={hero ? { backgroundImage: `url("${encodeURI(hero)}")` } : undefined}>
            {portrait ? <img src={portrait} alt="" className="mock__portrait" /> : null}
            <div>
              <p className="mock__name">{shownName}</p>
              <p className="mock__meta">
                {[
                  cities.join(' · '),
                  since ? t(messages, 'builder.preview.since', { year: since }) : '',
                  sales ? t(messages, 'builder.preview.sales', { count: sales.toLocaleString('en-US') }) : '',
                ]
                  .filter(Boolean)
                  .join(' | ')}
              </p>
            </div>
          </div>
          <div className="mock__body">
            <p className="mock__about" data-testid="preview-about">
              {about}
            </p>
            {draft.additionalSections.slice(0, 2).map((section) => (
              <div key={section.title} className="mock__section">
                <strong>{section.title}</strong>
                <p>{section.content}</p>
              </div>
            ))}
            <span className="mock__cta">{t(messages, 'builder.preview.contact')}</span>
            <p className="mock__contact">{[draft.contactPhone, draft.email].filter(Boolean).join(' · ')}</p>
          </div>
        </div>
      </section>
    </aside>
  )
}
