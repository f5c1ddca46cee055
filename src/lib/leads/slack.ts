// The Slack message of a lead: readable, and inert. Visitors' text is escaped so it cannot use Slack's
// control syntax (<!channel>, <@user>, <url|label>), the only syntax Slack interprets in webhook text.
import { formatPhone } from '../phone'
import type { LeadFields } from './form'

/** Escapes the three characters Slack's message syntax gives meaning to (api.slack.com formatting docs). */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export interface StoredLead extends LeadFields {
  id: number
  locale: string
  createdAt: string
}

const HAS_SITE_LABEL = { yes: 'Yes', no: 'No' } as const

/** The webhook payload: a plain-text fallback and the same fields as a section block. */
export function slackPayload(lead: StoredLead): { text: string } {
  const lines = [
    `New realtor lead #${lead.id} (${lead.locale})`,
    `Name: ${escapeSlack(lead.name)}`,
    `Area: ${escapeSlack(lead.area)}`,
    // Stored as E.164; shown as the inbox shows it (docs/decisions/064-phone-numbers.md).
    `Phone: ${escapeSlack(formatPhone(lead.phone))}`,
    `Has a homepage: ${HAS_SITE_LABEL[lead.hasSite]}`,
    `Received: ${lead.createdAt}`,
  ]
  return { text: lines.join('\n') }
}
