// What a realtor is told of a new contact, in their language: the visitor's name, phone, email and message,
// and the link to the contact in their inbox. Written as plain text for email and as Slack-compatible JSON
// for webhooks (`text` for any receiver, `blocks` for Slack).
import { intlFor } from '../i18n'
import { type Locale, localizedPath } from '../locale'

/** The parts of a stored contact a notification shows. */
export interface NotifiedContact {
  id: number
  name: string
  phone: string
  email: string
  message: string
}

export interface Notification {
  subject: string
  /** Plain text, one field a line, the link last. */
  text: string
}

/** `{origin}/{desiredUrl}/admin/inbox/{id}` (the inbox itself without an id); English lives under /en. */
export function inboxLink(origin: string, desiredUrl: string, contactId: number | null, locale: Locale): string {
  const entry = contactId === null ? '' : `/${contactId}`
  return `${origin.replace(/\/$/, '')}${localizedPath(locale, `/${desiredUrl}/admin/inbox${entry}`)}`
}

export function notificationOf(contact: NotifiedContact, link: string, locale: Locale, test = false): Notification {
  const intl = intlFor(locale)
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values)
  const lines = [
    test ? t('builder.notify.message.test') : t('builder.notify.message.intro'),
    '',
    `${t('builder.notify.message.name')}: ${contact.name}`,
    `${t('builder.notify.message.phone')}: ${contact.phone}`,
    `${t('builder.notify.message.email')}: ${contact.email}`,
    `${t('builder.notify.message.message')}:`,
    contact.message,
    '',
    t('builder.notify.message.link', { url: link }),
  ]
  return { subject: t('builder.notify.message.subject', { name: contact.name }), text: lines.join('\n') }
}

/** Slack reads `<`, `>` and `&` as markup: a visitor's text is shown as written, never as a link or mention. */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function slackBody(notification: Notification): { text: string; blocks: unknown[] } {
  const text = slackEscape(`${notification.subject}\n\n${notification.text}`)
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: text.slice(0, 3000) } }] }
}

function base64Utf8(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** RFC 2047: a header of any language, and no line break a visitor's name could inject. */
const encodedWord = (text: string) => `=?UTF-8?B?${base64Utf8(text.replace(/[\r\n]+/g, ' '))}?=`

/**
 * The raw MIME message (RFC 5322) the send_email binding takes: UTF-8 text, base64 so that Korean and
 * long lines pass any relay. `messageId` is stable per delivery, so a receiver can tell a resend.
 */
export function mimeMessage(
  { from, to, messageId, date }: { from: string; to: string; messageId: string; date: Date },
  notification: Notification,
): string {
  const body = base64Utf8(notification.text).replace(/.{1,76}/g, '$&\r\n')
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${encodedWord(notification.subject)}`,
    `Message-ID: <${messageId}>`,
    `Date: ${date.toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    body,
  ].join('\r\n')
}
