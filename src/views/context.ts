// What every view needs to know about the request, handed down as plain props.
import type { IntlShape } from '@formatjs/intl'
import type { LanguageSwitcherProps } from '../client/islands/LanguageSwitcher'
import type { Locale } from '../lib/locale'

export interface PageContext {
  locale: Locale
  intl: IntlShape<string>
  /** '' for ko, '/en' for en: prefix for links within the site. */
  localePrefix: string
  /** Base of the tenant's pages ('/{desiredUrl}' or '' on a custom domain); '' outside a tenant. */
  tenantBase: string
  switcher: LanguageSwitcherProps
  /** The IANA zone the page's times are shown in: the realtor's or the operator's on builder pages. */
  timeZone?: string
}
