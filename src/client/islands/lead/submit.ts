// Sends a lead request to the worker (POST /api/send-to-slack). Any answer but 201 is a failure.
import type { LeadInput } from '../../../lib/leads/form'

export const LEAD_ENDPOINT = '/api/send-to-slack'

export async function sendLead(lead: LeadInput, locale: string): Promise<void> {
  const response = await fetch(LEAD_ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': locale },
    body: JSON.stringify(lead),
  })
  if (response.status !== 201) throw new Error(`lead request failed with ${response.status}`)
}
