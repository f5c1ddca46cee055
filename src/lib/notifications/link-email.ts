// A short mail of ours that carries one link to the address it is sent to (a notification address's
// confirmation, a "forgot password" link): what it says in text and in the notifications' HTML layout,
// sent through the notifications' sender. No Reply-To: nobody else's words are in it.
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
