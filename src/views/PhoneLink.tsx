// A stored phone number on a page: shown as its country writes it and dialled as E.164 (`tel:+1…`), the one
// display of src/lib/phone.ts (docs/decisions/064-phone-numbers.md); text that is no number shows as text.
import { phoneDisplay } from '../lib/phone'

export function PhoneLink({ phone, region }: { phone: string; region?: string }) {
  const { text, href } = phoneDisplay(phone, region)
  return href ? <a href={href}>{text}</a> : text
}
