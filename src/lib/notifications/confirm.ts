// Confirming a notification address (docs/decisions/063-notifications-on-by-default.md): an address the
// realtor types that is not their sign-in email gets a link first, so the platform never relays visitors'
// words to someone who did not ask for them. The link's page is /{desiredUrl}/admin/notifications/confirm.
import { type Locale, localizedPath } from '../locale'
import type { OutboxConfig } from '../outbox/config'
import { newToken, tokenHash } from '../tokens'
import { withoutTrailingSlash } from '../urls'
import { sendLinkEmailIn } from './link-email'

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
  await sendLinkEmailIn(config, {
    to,
    locale,
    kind: 'confirm',
    href: link,
    ids: {
      subject: 'builder.notify.confirm.mailSubject',
      intro: 'builder.notify.confirm.mailIntro',
      note: 'builder.notify.confirm.mailIgnore',
      button: 'builder.notify.confirm.button',
    },
    values: { homepage, email: to },
  })
}
