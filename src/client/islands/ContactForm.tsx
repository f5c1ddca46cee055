// The contact form to a realtor (docs/product.md §3, §5, §7): the request form (../components/
// ContactRequestForm.tsx) with a message, posted to /v1/realtor-contacts; messages inline and in the page's
// language.
import { ContactRequestForm, type RequestFormProps, type RequestPart } from '../components/ContactRequestForm'

/** The messages this island reads (src/lib/island-messages.ts): every label, state and country name. */
export const CONTACT_FORM_MESSAGES = ['home.form.'] as const

export type ContactFormProps = RequestFormProps

const MESSAGE: RequestPart = {
  kind: 'contact',
  messageLabel: 'home.form.message',
  submitLabel: 'home.form.submit',
  sentText: 'home.form.success',
}

export default function ContactForm(props: ContactFormProps) {
  return <ContactRequestForm {...props} part={MESSAGE} />
}
