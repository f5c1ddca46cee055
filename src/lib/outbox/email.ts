// Email through Cloudflare Email Workers' send_email binding. Locally, wrangler writes each message to a
// file instead of sending it (README.md, "Notifications").
import { EmailMessage } from 'cloudflare:email'

/** Sends one raw MIME message; throws when the binding refuses it. */
export type EmailSend = (from: string, to: string, raw: string) => Promise<void>

export function emailSender(binding: SendEmail | undefined): EmailSend | undefined {
  if (!binding) return undefined
  return async (from, to, raw) => {
    await binding.send(new EmailMessage(from, to, raw))
  }
}
