// A short mail of ours that carries one link to the address it is sent to (a notification address's
// confirmation, a "forgot password" link): what it says in text and in the notifications' HTML layout,
// sent through the notifications' sender. No Reply-To: nobody else's words are in it.
import { intlFor } from '../i18n'
import type { Locale } from '../locale'
import type { OutboxConfig } from '../outbox/config'
import { emailHtml } from './email-html'
import { mimeMessage } from './mime'

export interface LinkEmail {
  to: string
  locale: Locale
  subject: string
  intro: string
  /** Below the link: what to do if the mail was not expected. */
  note: string
  button: { label: string; href: string }
  /** The Message-ID's first part, naming the kind of mail. */
  kind: string
}

/** Sends it; throws when email is not configured or the binding refuses the message. */
export async function sendLinkEmail(config: OutboxConfig, mail: LinkEmail): Promise<void> {
  if (!config.sendEmail || !config.fromEmail) throw new Error('email is not configured (SEND_EMAIL, NOTIFY_FROM_EMAIL)')
  const { to, locale, subject, intro, note, button, kind } = mail
  const html = emailHtml({
    lang: locale,
    title: subject,
    intro,
    fields: [],
    messageLabel: '',
    messageLines: [],
    note,
    button,
  })
  const content = { subject, text: [intro, '', button.href, '', note].join('\n'), html, replyTo: null }
  const domain = config.fromEmail.slice(config.fromEmail.lastIndexOf('@') + 1)
  const header = { from: config.fromEmail, to, messageId: `${kind}-${crypto.randomUUID()}@${domain}`, date: new Date() }
  await config.sendEmail(config.fromEmail, to, mimeMessage(header, content))
}

/** The catalogue's ids of such a mail's words, each formatted with the same values. */
export interface LinkEmailWords {
  subject: string
  intro: string
  note: string
  button: string
}

/** Sends a link mail whose words are the catalogue's, in `locale`; throws as sendLinkEmail does. */
export async function sendLinkEmailIn(
  config: OutboxConfig,
  mail: {
    to: string
    locale: Locale
    kind: string
    href: string
    ids: LinkEmailWords
    values?: Record<string, string>
  },
): Promise<void> {
  const { to, locale, kind, href, ids, values } = mail
  const intl = intlFor(locale)
  const t = (id: string) => intl.formatMessage({ id }, values)
  await sendLinkEmail(config, {
    to,
    locale,
    subject: t(ids.subject),
    intro: t(ids.intro),
    note: t(ids.note),
    button: { label: t(ids.button), href },
    kind,
  })
}
