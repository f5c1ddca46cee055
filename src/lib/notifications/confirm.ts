// Confirming a notification address (docs/decisions/063-notifications-on-by-default.md): an address the
// realtor types that is not their sign-in email gets a link first, so the platform never relays visitors'
// words to someone who did not ask for them. The link's page is /{desiredUrl}/admin/notifications/confirm.
import { intlFor } from '../i18n'
import { type Locale, localizedPath } from '../locale'
import type { OutboxConfig } from '../outbox/config'
import { newToken, tokenHash } from '../tokens'
import { withoutTrailingSlash } from '../urls'
import { emailHtml } from './email-html'
import { mimeMessage } from './message'

/** `{origin}{/en}/{desiredUrl}/admin/notifications/confirm?token=…` */
export function confirmationLink(origin: string, desiredUrl: string, locale: Locale, token: string): string {
  const path = localizedPath(locale, `/${desiredUrl}/admin/notifications/confirm`)
  return `${withoutTrailingSlash(origin)}${path}?token=${encodeURIComponent(token)}`
}

/** A new link's token and what is stored of it. */
export async function newConfirmation(): Promise<{ token: string; tokenHash: string }> {
  const token = newToken()
  return { token, tokenHash: await tokenHash(token) }
}

/** Mails the link; throws when email is not configured or the binding refuses the message. */
export async function sendConfirmation(
  config: OutboxConfig,
  { to, link, homepage, locale }: { to: string; link: string; homepage: string; locale: Locale },
): Promise<void> {
  if (!config.sendEmail || !config.fromEmail) throw new Error('email is not configured (SEND_EMAIL, NOTIFY_FROM_EMAIL)')
  const intl = intlFor(locale)
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values)
  const subject = t('builder.notify.confirm.mailSubject', { homepage })
  const intro = t('builder.notify.confirm.mailIntro', { homepage, email: to })
  const ignore = t('builder.notify.confirm.mailIgnore')
  const html = emailHtml({
    lang: locale,
    title: subject,
    intro,
    fields: [],
    messageLabel: '',
    messageLines: [],
    note: ignore,
    button: { label: t('builder.notify.confirm.button'), href: link },
  })
  // No Reply-To: nobody else's words are in it.
  const notification = { subject, text: [intro, '', link, '', ignore].join('\n'), html, replyTo: null }
  const domain = config.fromEmail.slice(config.fromEmail.lastIndexOf('@') + 1)
  const header = { from: config.fromEmail, to, messageId: `confirm-${crypto.randomUUID()}@${domain}`, date: new Date() }
  await config.sendEmail(config.fromEmail, to, mimeMessage(header, notification))
}
