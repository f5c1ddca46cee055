// Sends a lead request to the worker (POST /api/send-to-slack). Any answer but 201 is a failure; a refused
// phone number is the one the form shows at its field (the server reads it, docs/decisions/064).
import type { LeadInput } from '../../../lib/leads/form'
import { api } from '../../lib/api'

export const LEAD_ENDPOINT = '/api/send-to-slack'

/** The server's message for the phone field when it refused the number, else null; other failures throw. */
export async function sendLead(lead: LeadInput, locale: string, networkMessage: string): Promise<string | null> {
  const result = await api(LEAD_ENDPOINT, { method: 'POST', json: lead, language: locale }, networkMessage)
  if (result.ok && result.status === 201) return null
  const phone = result.ok ? undefined : result.fields.find((field) => field.path === 'phone')
  if (phone) return phone.message
  throw new Error(`lead request failed with ${result.status}${result.ok ? '' : `: ${result.message}`}`)
}
