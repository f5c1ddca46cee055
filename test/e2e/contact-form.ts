import type { Page, Response } from '@playwright/test'

// A visitor filling a homepage's contact form (docs/product.md §3) the way a person does, in the page's
// language, once the form is live: the browser tests of notifications, push and phones all send one.
export interface Visitor {
  lastName: string
  firstName: string
  email: string
  phone: string
  message: string
}

const LABELS = {
  ko: {
    lastName: '성',
    firstName: '이름',
    email: '이메일',
    phone: '전화번호',
    message: '문의 내용',
    send: '문의 보내기',
  },
  en: {
    lastName: 'Last name',
    firstName: 'First name',
    email: 'Email',
    phone: 'Phone',
    message: 'Message',
    send: 'Send message',
  },
} as const

/** Fills the form on the page already open, ticks the consent, sends it: the API's answer. */
export async function sendContactForm(page: Page, locale: 'ko' | 'en', visitor: Visitor): Promise<Response> {
  const label = LABELS[locale]
  const form = page.locator('form.contact-form--contact')
  await form.scrollIntoViewIfNeeded()
  await page.locator('form.contact-form--contact[data-hydrated]').waitFor()
  await form.getByLabel(label.lastName, { exact: true }).fill(visitor.lastName)
  await form.getByLabel(label.firstName, { exact: true }).fill(visitor.firstName)
  await form.getByLabel(label.email, { exact: true }).fill(visitor.email)
  await form.getByLabel(label.phone, { exact: true }).fill(visitor.phone)
  await form.getByLabel(label.message, { exact: true }).fill(visitor.message)
  await form.getByRole('checkbox').check()
  const posted = page.waitForResponse((response) => response.url().endsWith('/v1/realtor-contacts'))
  await form.getByRole('button', { name: label.send }).click()
  return posted
}

let visitors = 0

/**
 * Headers that make a browser context a visitor of its own: the contact form's budget (5 a minute) counts
 * per client address, which locally is the CF-Connecting-IP a client sends (docs/configuration.md, the
 * limiters), so tests that send several forms in a minute each come from another documentation address
 * (203.0.113.0/24).
 */
export function ownAddress(): { extraHTTPHeaders: Record<string, string> } {
  visitors = (visitors % 250) + 1
  return { extraHTTPHeaders: { 'cf-connecting-ip': `203.0.113.${visitors}` } }
}
