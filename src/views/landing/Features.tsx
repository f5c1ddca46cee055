// The three feature cards of the landing page.
import type { ReactNode } from 'react'
import type { PageContext } from '../context'

const ICON_PATHS: Record<string, ReactNode> = {
  listings: <path d="M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />,
  bilingual: (
    <>
      <path d="M4 5h9M8.5 3v2m2.5 0c-.7 4-3.3 7-7 9m2.2-5.5c1 2 2.6 3.6 4.8 4.5" />
      <path d="m13 21 4-9 4 9m-6.8-3h5.6" />
    </>
  ),
  leads: <path d="M4 6h16v10H8l-4 4zM8 10h8M8 13h5" />,
}

const FEATURES = ['listings', 'bilingual', 'leads'] as const

export function Features({ ctx }: { ctx: PageContext }) {
  const t = (id: string) => ctx.intl.formatMessage({ id })
  return (
    <section className="landing-section" aria-labelledby="features-title">
      <div className="landing-section__head">
        <h2 id="features-title">{t('landing.features.title')}</h2>
        <p>{t('landing.features.intro')}</p>
      </div>
      <ul className="feature-cards">
        {FEATURES.map((feature) => (
          <li key={feature} className="feature-card">
            <span className="feature-card__icon" aria-hidden="true">
              <svg
                width="28"
                height="28"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
                focusable="false"
                aria-hidden="true"
              >
                {ICON_PATHS[feature]}
              </svg>
            </span>
            <h3>{t(`landing.feature.${feature}.title`)}</h3>
            <p>{t(`landing.feature.${feature}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
