// The legal texts (privacy, terms, process) as message ids, with the numbers the code enforces (docs/decisions/029-legal-pages.md).
import { INVITATION_TTL_MS } from '../../lib/accounts/invitations'
import { PASSWORD_RESET_TTL_MS } from '../../lib/accounts/password-resets'
import { LOCALE_COOKIE_MAX_AGE } from '../../lib/locale'
import { GIVE_UP_AFTER_MS } from '../../lib/outbox/retry'
import { SESSION_TTL_SECONDS } from '../../lib/session'

/** One heading of a document: paragraphs, then a list, then a link (to the main page or the privacy policy). */
export interface LegalPart {
  title: string
  paragraphs?: string[]
  items?: string[]
  link?: { label: string; to: 'landing' | 'privacy' }
}

export interface LegalText {
  /** The title of each language's section (the page's own title in that language). */
  title: string
  intro: string
  /** Only on a realtor's site: who the site belongs to (a `{name}` argument). */
  tenantIntro?: string
  parts: LegalPart[]
  /** Parts are the numbered steps of a process, not clauses. */
  steps?: boolean
  /** Shows the date the text last changed. */
  dated?: boolean
}

/** The day the legal texts last changed: update it with them. */
export const LEGAL_UPDATED = '2026-11-23'
/** Leads and contacts are deleted at the latest this many years after they were received (decision 029). */
export const RETENTION_YEARS = 3

const DAY_SECONDS = 24 * 60 * 60

/** The arguments of the legal messages. */
export const LEGAL_VALUES = {
  date: LEGAL_UPDATED,
  years: RETENTION_YEARS,
  localeDays: Math.round(LOCALE_COOKIE_MAX_AGE / DAY_SECONDS),
  sessionDays: Math.round(SESSION_TTL_SECONDS / DAY_SECONDS),
  retryHours: Math.round(GIVE_UP_AFTER_MS / 3_600_000),
  inviteDays: Math.round(INVITATION_TTL_MS / (DAY_SECONDS * 1000)),
  resetMinutes: Math.round(PASSWORD_RESET_TTL_MS / 60_000),
}

const CONTACT: LegalPart = {
  title: 'legal.contact.title',
  paragraphs: ['legal.contact.realtor', 'legal.contact.operator'],
  link: { label: 'legal.contact.link', to: 'landing' },
}

export const PRIVACY: LegalText = {
  title: 'page.privacy.title',
  intro: 'legal.privacy.intro',
  tenantIntro: 'legal.privacy.tenant',
  dated: true,
  parts: [
    {
      title: 'legal.privacy.collect.title',
      items: [
        'legal.privacy.collect.lead',
        'legal.privacy.collect.contact',
        'legal.privacy.collect.account',
        'legal.privacy.collect.analytics',
        'legal.privacy.collect.technical',
      ],
    },
    {
      title: 'legal.privacy.purpose.title',
      items: [
        'legal.privacy.purpose.lead',
        'legal.privacy.purpose.contact',
        'legal.privacy.purpose.account',
        'legal.privacy.purpose.service',
        'legal.privacy.purpose.never',
      ],
    },
    {
      title: 'legal.privacy.recipients.title',
      items: [
        'legal.privacy.recipients.lead',
        'legal.privacy.recipients.contact',
        'legal.privacy.recipients.retry',
        'legal.privacy.recipients.processors',
        'legal.privacy.recipients.law',
      ],
    },
    {
      title: 'legal.privacy.public.title',
      items: ['legal.privacy.public.profile', 'legal.privacy.public.photos', 'legal.privacy.public.messages'],
    },
    {
      title: 'legal.privacy.retention.title',
      items: [
        'legal.privacy.retention.requests',
        'legal.privacy.retention.accounts',
        'legal.privacy.retention.analytics',
      ],
    },
    {
      title: 'legal.privacy.cookies.title',
      items: [
        'legal.privacy.cookies.locale',
        'legal.privacy.cookies.session',
        'legal.privacy.cookies.storage',
        'legal.privacy.cookies.none',
      ],
    },
    {
      title: 'legal.privacy.rights.title',
      items: ['legal.privacy.rights.access', 'legal.privacy.rights.realtor', 'legal.privacy.rights.answer'],
    },
    { title: 'legal.privacy.security.title', paragraphs: ['legal.privacy.security.body'] },
    { title: 'legal.privacy.changes.title', paragraphs: ['legal.privacy.changes.body'] },
    CONTACT,
  ],
}

export const TERMS: LegalText = {
  title: 'page.terms.title',
  intro: 'legal.terms.intro',
  dated: true,
  parts: [
    { title: 'legal.terms.service.title', paragraphs: ['legal.terms.service.what', 'legal.terms.service.broker'] },
    {
      title: 'legal.terms.visitors.title',
      items: ['legal.terms.visitors.info', 'legal.terms.visitors.deal', 'legal.terms.visitors.forms'],
    },
    {
      title: 'legal.terms.realtors.title',
      items: ['legal.terms.realtors.account', 'legal.terms.realtors.content', 'legal.terms.realtors.messages'],
    },
    { title: 'legal.terms.content.title', paragraphs: ['legal.terms.content.license', 'legal.terms.content.remove'] },
    { title: 'legal.terms.use.title', paragraphs: ['legal.terms.use.body'] },
    { title: 'legal.terms.availability.title', paragraphs: ['legal.terms.availability.body'] },
    { title: 'legal.terms.liability.title', paragraphs: ['legal.terms.liability.body'] },
    { title: 'legal.terms.end.title', paragraphs: ['legal.terms.end.body'] },
    {
      title: 'legal.terms.privacy.title',
      paragraphs: ['legal.terms.privacy.body'],
      link: { label: 'legal.terms.privacy.link', to: 'privacy' },
    },
    { title: 'legal.terms.changes.title', paragraphs: ['legal.terms.changes.body'] },
    CONTACT,
  ],
}

export const PROCESS: LegalText = {
  title: 'page.process.title',
  intro: 'page.process.intro',
  steps: true,
  parts: [
    {
      title: 'legal.process.request.title',
      paragraphs: ['legal.process.request.body'],
      link: { label: 'legal.contact.link', to: 'landing' },
    },
    { title: 'legal.process.account.title', paragraphs: ['legal.process.account.body'] },
    { title: 'legal.process.agreement.title', paragraphs: ['legal.process.agreement.body'] },
    { title: 'legal.process.profile.title', paragraphs: ['legal.process.profile.body'] },
    { title: 'legal.process.address.title', paragraphs: ['legal.process.address.body'] },
    { title: 'legal.process.publish.title', paragraphs: ['legal.process.publish.body'] },
    { title: 'legal.process.messages.title', paragraphs: ['legal.process.messages.body'] },
  ],
}
