// What a realtor is told of a new contact, in their language: the visitor's name, phone, email, the page and
// time, the message, and the link to the contact in their inbox. Written as an email (a text and an HTML
// part, ./mime.ts) and as Slack-compatible JSON for webhooks (`text` for any receiver, `blocks` for Slack).
// A visitor's words never pass for ours (docs/decisions/066-notification-email.md): single-line values
// follow our label on one line, the message is quoted line by line, and links are built by our rules only.
import { describeRequest } from '../contacts/describe'
import type { ContactKind, RequestDetails } from '../contacts/requests'
import { formatPhone, telHref } from '../format'
import { cutToGraphemes } from '../graphemes'
import { mailtoHref, parseHttpUrl } from '../html'
import { intlFor } from '../i18n'
import { escapeSlack } from '../leads/slack'
import { type Locale, localizedPath, sameSitePath } from '../locale'
import { isKnownZone, ZONE_NAME_STYLE } from '../time-zone'
import { withoutTrailingSlash } from '../urls'
import { type EmailField, emailHtml } from './email-html'
import { oneLine, plainAddress } from './mime'

export { mimeMessage } from './mime'

/** The parts of a stored contact a notification shows. */
export interface NotifiedContact {
  id: number
  name: string
  phone: string
  email: string
  message: string
  /** The path (or http(s) URL) of the page the form was sent from. */
  page?: string | null
  /** When the contact arrived (ISO 8601). */
  createdAt?: string
  phoneCountryCode?: string
  /** A request's kind and details (docs/decisions/096-home-requests.md): said in the subject and fields. */
  kind?: ContactKind
  details?: RequestDetails | null
}

export interface NotificationOptions {
  /** A sample sent from the Notifications screen: said so at the top and in the subject. */
  test?: boolean
  /** The realtor's IANA time zone (e.g. `America/Los_Angeles`); UTC when unknown or invalid. */
  timeZone?: string
  /** The origin a page path belongs to (the homepage's); without it a path is shown but not linked. */
  pageOrigin?: string
}

export interface Notification {
  subject: string
  /** Plain text: our labelled lines, the visitor's message quoted with "> ", the link last. */
  text: string
  /** The same for a chat webhook: without the email's "reply to this email" line, which a chat cannot do. */
  chat: string
  /** The same as an HTML document. */
  html: string
  /** The visitor's address when it is one plain address (./mime.ts plainAddress): Reply-To and mailto. */
  replyTo: string | null
}

/** `{origin}/{desiredUrl}/admin/inbox/{id}` (the inbox itself without an id); English lives under /en. */
export function inboxLink(origin: string, desiredUrl: string, contactId: number | null, locale: Locale): string {
  const entry = contactId === null ? '' : `/${contactId}`
  return `${withoutTrailingSlash(origin)}${localizedPath(locale, `/${desiredUrl}/admin/inbox${entry}`)}`
}

/** Any line break a mail client may show as one (CR, LF, VT, FF, NEL, U+2028, U+2029). */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/

/** The visitor's message line by line, other controls and bidi overrides removed. */
const messageLines = (message: string) =>
  message
    .split(LINE_BREAK)
    .map((line) => line.replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, (ch) => (ch === '\t' ? ' ' : '')))

/**
 * The page as shown and, when it may be one, as a link: a path, or an http(s) URL, that resolves on the
 * homepage's origin (`pageOrigin`), shown as the full URL it opens. Anything else (another host,
 * `javascript:`, a path without an origin) is text only: an email from us never links where a visitor chose.
 */
function pageOf(
  page: string | null | undefined,
  pageOrigin: string | undefined,
): { text: string; href: string | null } | null {
  const value = oneLine(page ?? '').slice(0, 300)
  if (!value) return null
  const origin = parseHttpUrl(pageOrigin)?.origin
  if (!origin) return { text: value, href: null }
  const isPath = value.startsWith('/') || value.startsWith('\\')
  const url = parseHttpUrl(isPath ? new URL(sameSitePath(value), origin).href : value)
  return url && url.origin === origin ? { text: url.href, href: url.href } : { text: value, href: null }
}

/** When something reached the realtor, in their language and zone (UTC when unknown): every notice's time. */
export function receivedAt(createdAt: string | undefined, locale: Locale, timeZone: string | undefined): string | null {
  const date = new Date(createdAt ?? '')
  if (Number.isNaN(date.getTime())) return null
  return intlFor(locale).formatDate(date, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: timeZone && isKnownZone(timeZone) ? timeZone : 'UTC',
    timeZoneName: ZONE_NAME_STYLE[locale],
  })
}

export function notificationOf(
  contact: NotifiedContact,
  link: string,
  locale: Locale,
  // A boolean is the earlier `test` argument, still passed by the settings route's test.
  options: NotificationOptions | boolean = {},
): Notification {
  const { test = false, timeZone, pageOrigin } = typeof options === 'boolean' ? { test: options } : options
  const intl = intlFor(locale)
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values)
  const name = oneLine(contact.name)
  const replyTo = plainAddress(contact.email)
  const page = pageOf(contact.page, pageOrigin)
  const received = receivedAt(contact.createdAt, locale, timeZone)
  // A question, tour or valuation says so first: its headline is the subject, its home, times or address
  // the first fields (the home linked to its page, by the page rule above).
  const request = describeRequest(contact.kind ?? 'contact', contact.details ?? null, locale)
  const requestFields: EmailField[] = request.fields.map((field) => ({
    label: t(field.label),
    text: oneLine(field.text),
    ...(field.path ? { href: pageOf(field.path, pageOrigin)?.href ?? null } : {}),
  }))
  const fields: EmailField[] = [
    ...requestFields,
    { label: t('builder.notify.message.name'), text: name },
    {
      label: t('builder.notify.message.phone'),
      text: oneLine(formatPhone(contact.phone, contact.phoneCountryCode)),
      href: telHref(contact.phone, contact.phoneCountryCode),
    },
    { label: t('builder.notify.message.email'), text: oneLine(contact.email), href: replyTo && mailtoHref(replyTo) },
    ...(page ? [{ label: t('builder.notify.message.page'), ...page }] : []),
    ...(received ? [{ label: t('builder.notify.message.received'), text: received }] : []),
  ]
  const lines = contact.message || !request.headline ? messageLines(contact.message) : []
  const intro = t(request.headline ? 'builder.notify.request.intro' : 'builder.notify.message.intro')
  const banner = test ? t('builder.notify.message.test') : null
  const note = replyTo ? t('builder.notify.message.reply', { name }) : null
  const subject = request.headline
    ? t('builder.notify.request.subject', { headline: oneLine(request.headline), name })
    : t(test ? 'builder.notify.message.subjectTest' : 'builder.notify.message.subject', { name })
  return composeNotice(locale, {
    subject,
    banner,
    intro,
    fields,
    messageLabel: t('builder.notify.message.message'),
    messageLines: lines,
    note,
    linkLine: t('builder.notify.message.link', { url: link }),
    button: { label: t('builder.notify.message.open'), href: link },
    replyTo,
  })
}

/** What every notice says, before it is a text, a chat message and an email. */
export interface NoticeParts {
  subject: string
  banner?: string | null
  intro: string
  fields: EmailField[]
  /** Lines after the fields in the text forms (the email shows them as its fields' links). */
  extraLines?: string[]
  messageLabel?: string
  messageLines?: string[]
  /** "Reply to this email to answer …": the email and its text only, never the chat. */
  note: string | null
  /** The text forms' last line, the inbox link. */
  linkLine: string
  button: { label: string; href: string }
  replyTo: string | null
}

/** One notice in its three forms, the same words in each: the email's text and HTML, and the chat's text. */
export function composeNotice(locale: Locale, parts: NoticeParts): Notification {
  const { subject, banner = null, intro, fields, extraLines = [], messageLabel = '', messageLines = [] } = parts
  const textOf = (reply: string | null) =>
    [
      ...(banner ? [banner, ''] : []),
      intro,
      '',
      ...fields.map((field) => `${field.label}: ${field.text}`),
      ...extraLines,
      '',
      ...(messageLines.length ? [`${messageLabel}:`, ...messageLines.map((line) => `> ${line}`), ''] : []),
      ...(reply ? [reply] : []),
      parts.linkLine,
    ].join('\n')
  const html = emailHtml({
    lang: locale,
    title: subject,
    banner,
    intro,
    fields,
    messageLabel,
    messageLines,
    note: parts.note,
    button: parts.button,
  })
  return { subject, text: textOf(parts.note), chat: textOf(null), html, replyTo: parts.replyTo }
}

/** Slack's limit on a section block's text (its Block Kit reference), in characters. */
export const SLACK_SECTION_LIMIT = 3000

/**
 * The webhook body: Slack reads `<`, `>` and `&` as markup, so a visitor's text is escaped and shown as
 * written, never as a link or mention. The section is cut to Slack's limit on whole graphemes, never inside
 * an emoji (an unpaired surrogate, which strict JSON parsers refuse) or an escape.
 */
export function slackBody(notification: Pick<Notification, 'subject' | 'chat'>): { text: string; blocks: unknown[] } {
  const plain = `${notification.subject}\n\n${notification.chat}`
  const section = cutToGraphemes(plain, SLACK_SECTION_LIMIT, escapeSlack)
  return { text: escapeSlack(plain), blocks: [{ type: 'section', text: { type: 'mrkdwn', text: section } }] }
}
