// Sends a lead request to the worker (POST /api/send-to-slack). Any answer but 201 is a failure.
import type { LeadInput } from '../../../lib/leads/form'
import { api } from '../../lib/api'

export const LEAD_ENDPOINT = '/api/send-to-slack'

export async function sendLead(lead: LeadInput, locale: string, networkMessage: string): Promise<void> {
  const result = await api(LEAD_ENDPOINT, { method: 'POST', json: lead, language: locale }, networkMessage)
  if (!result.ok || result.status !== 201)
    throw new Error(`lead request failed with ${result.status}${result.ok ? '' : `: ${result.message}`}`)
}
