// The notification email as a mail client reads it (docs/decisions/066-notification-email.md): parsed by
// postal-mime, a maintained parser, rather than by rules of our own. Two parts, every field, tap-to-call and
// tap-to-mail links, Reply-To the visitor, folded RFC 2047 subjects, and no way for a visitor's words to
// become a header, markup, a link or a line that looks like ours.
import PostalMime, { type Email } from 'postal-mime'
import { describe, expect, it } from 'vitest'
import { formatPhone } from '../../src/lib/format'
import { inboxLink, mimeMessage, type NotifiedContact, notificationOf } from '../../src/lib/notifications/message'
import {
  ENCODED_WORD_LINE_LIMIT,
  encodedWords,
  HEADER_LINE_LIMIT,
  plainAddress,
} from '../../src/lib/notifications/mime'

const LINK = inboxLink('https://realtor.example.com', 'janekim', 42, 'en')
const HEADER = {
  from: 'notify@realtor.example.com',
  fromName: '홈페이지 알림',
  to: 'jane@example.com',
  messageId: 'delivery-7@realtor.example.com',
  date: new Date('2026-11-26T15:41:00Z'),
}

const AMY: NotifiedContact = {
  id: 42,
  name: 'Amy Nguyen',
  phone: '+14045557788',
  phoneCountryCode: 'US',
  email: 'amy.nguyen+homes@example.com',
  message: 'Is the house on Elm St still available?\nI can visit on Saturday.',
  page: '/en/janekim/listings',
  createdAt: '2026-11-26T15:41:00Z',
}

const OPTIONS = { timeZone: 'America/Los_Angeles', pageOrigin: 'https://realtor.example.com' }

interface Mail {
  raw: string
  email: Email
  /** The text part with its lines joined by LF (MIME text travels as CRLF). */
  text: string
  /** The header block's physical lines. */
  headerLines: string[]
  /** The MIME type of each body part, in order. */
  partTypes: string[]
}

async function mailOf(contact: NotifiedContact, options = OPTIONS, header = {}): Promise<Mail> {
  const raw = mimeMessage({ ...HEADER, ...header }, notificationOf(contact, LINK, 'en', options))
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'))
  const boundary = /boundary="([^"]+)"/.exec(head)?.[1] ?? 'none'
  const parts = raw.slice(head.length).split(`--${boundary}`).slice(1, -1)
  const partTypes = parts.map((part) => /Content-Type: ([^;\r\n]+)/.exec(part)?.[1] ?? '')
  const email = await PostalMime.parse(raw)
  return { raw, email, text: (email.text ?? '').replace(/\r\n/g, '\n'), headerLines: head.split('\r\n'), partTypes }
}

/** The targets of every link in an HTML text. */
const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'))

describe('the notification email', () => {
  it('is HTML with a plain-text part, every field in both', async () => {
    const { email, text, partTypes, raw } = await mailOf(AMY)
    expect(partTypes).toEqual(['text/plain', 'text/html'])
    expect(email.attachments).toHaveLength(0)
    for (const part of [
      'Name: Amy Nguyen',
      `Phone: ${formatPhone(AMY.phone)}`,
      'Email: amy.nguyen+homes@example.com',
      'Page: https://realtor.example.com/en/janekim/listings',
      'Received: Nov 26, 2026, 7:41 AM PST',
      'Message:\n> Is the house on Elm St still available?\n> I can visit on Saturday.',
      `Open it in your inbox: ${LINK}`,
    ])
      expect(text).toContain(part)
    expect(email.html).toContain('<html lang="en">')
    expect(email.html).toContain('Is the house on Elm St still available?<br>I can visit on Saturday.')
    expect(email.html).toContain('7:41 AM PST')
    // Base64 in lines of 76, and no header line past 78 (RFC 5322 §2.1.1, RFC 2045 §6.8).
    expect(raw.split('\r\n').every((line) => line.length <= HEADER_LINE_LIMIT)).toBe(true)
  })

  it('links the phone as tel:, the email as mailto:, the page and the inbox entry as a button', async () => {
    const { email } = await mailOf(AMY)
    const html = email.html ?? ''
    expect(html).toContain('href="tel:+14045557788"')
    expect(html).toContain('href="mailto:amy.nguyen%2Bhomes@example.com"')
    expect(html).toContain('href="https://realtor.example.com/en/janekim/listings"')
    expect(html).toMatch(
      new RegExp(`<td bgcolor="#1d4ed8"[^>]*><a href="${LINK.replace(/[.?/]/g, '\\$&')}"[^>]*>Open in your inbox</a>`),
    )
    expect(new Set(hrefsOf(html))).toEqual(
      new Set([
        'tel:+14045557788',
        'mailto:amy.nguyen%2Bhomes@example.com',
        AMY.page && OPTIONS.pageOrigin + AMY.page,
        LINK,
      ]),
    )
  })

  it('answers Reply to the visitor, from our address under a display name', async () => {
    const { email, text } = await mailOf(AMY)
    expect(email.replyTo).toEqual([{ name: '', address: 'amy.nguyen+homes@example.com' }])
    expect(email.from).toEqual({ name: '홈페이지 알림', address: 'notify@realtor.example.com' })
    expect(email.to).toEqual([{ name: '', address: 'jane@example.com' }])
    expect(email.messageId).toBe('<delivery-7@realtor.example.com>')
    expect(email.headers.find((h) => h.key === 'auto-submitted')?.value).toBe('auto-generated')
    expect(text).toContain('Reply to this email to write to Amy Nguyen.')
  })

  it('folds a long Korean and emoji subject into encoded words of at most 75 characters', async () => {
    const name = Array.from('김민수🏡 집 보고 싶어요 '.repeat(20)).slice(0, 200).join('')
    const { email, headerLines } = await mailOf({ ...AMY, name })
    expect(email.subject).toBe(`New message from your homepage: ${name.trim()}`)
    const words = headerLines.join('\n').match(/=\?[^?]+\?[BQ]\?[^?]*\?=/g) ?? []
    expect(words.length).toBeGreaterThan(5)
    for (const word of words) expect(word.length).toBeLessThanOrEqual(75)
    for (const line of headerLines) expect(line.length).toBeLessThanOrEqual(HEADER_LINE_LIMIT)
    // The subject's continuation lines start with a space (folding), never a new header.
    const subject = headerLines.findIndex((line) => line.startsWith('Subject:'))
    expect(headerLines[subject + 1]).toMatch(/^ =\?UTF-8\?B\?/)
  })

  it('keeps each line of a long subject within RFC 2047’s 76 characters, the first one too', async () => {
    // Issue 29, finding 15: a 537-character subject, as seen; RFC 2047 §2 limits a line holding an encoded
    // word to 76 characters, two fewer than RFC 5322's 78.
    const name = '새 문의 🏡 '.repeat(70).slice(0, 537 - 'New message from your homepage: '.length)
    const { email, headerLines } = await mailOf({ ...AMY, name })
    expect(email.subject).toBe(`New message from your homepage: ${name.trim()}`)
    const withWords = headerLines.filter((line) => line.includes('=?'))
    expect(withWords.length).toBeGreaterThan(10)
    for (const line of withWords) expect(line.length, line).toBeLessThanOrEqual(ENCODED_WORD_LINE_LIMIT)
    expect(headerLines.find((line) => line.startsWith('Subject:'))!.length).toBeLessThanOrEqual(76)
  })

  it('splits encoded words between characters, never inside one', () => {
    const text = '🏡'.repeat(40)
    const words = encodedWords(text)
    const decoded = words.map((word) => {
      const bytes = Uint8Array.from(atob(word.slice(10, -2)), (c) => c.charCodeAt(0))
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    })
    expect(decoded.join('')).toBe(text)
  })

  it('shows the time in the realtor’s zone, naming it, in Korean too', async () => {
    const ko = notificationOf(AMY, LINK, 'ko', OPTIONS)
    expect(ko.text).toMatch(/받은 시각: 2026년 11월 26일 오전 7:41 .*태평양/)
    expect(notificationOf(AMY, LINK, 'en', { timeZone: 'America/New_York' }).text).toContain('10:41 AM EST')
    // An unknown zone is UTC, said so, rather than an error.
    expect(notificationOf(AMY, LINK, 'en', { timeZone: 'Mars/Olympus' }).text).toContain('3:41 PM UTC')
  })

  it('says plainly that a test is a test', async () => {
    const test = notificationOf(AMY, LINK, 'en', { ...OPTIONS, test: true })
    expect(test.subject).toBe('[Test] New message from your homepage: Amy Nguyen')
    expect(test.text.split('\n')[0]).toContain('This is a test notification')
    expect(test.html).toContain('This is a test notification')
    expect(notificationOf(AMY, LINK, 'ko', true).subject).toBe('[테스트] 홈페이지 새 문의: Amy Nguyen')
  })
})

describe('a visitor cannot forge the notification', () => {
  it('cannot add a header through the name, nor Reply-To through the header', async () => {
    const { email, text, headerLines } = await mailOf({ ...AMY, name: '김\r\nBcc: x@y.example\nX-Evil: 1' }, OPTIONS, {
      replyTo: 'x@y.example\r\nBcc: z@y.example',
    })
    expect(headerLines.filter((line) => /^(Bcc|X-Evil):/i.test(line))).toEqual([])
    expect(email.bcc).toBeUndefined()
    expect(email.replyTo).toBeUndefined()
    expect(email.subject).toBe('New message from your homepage: 김 Bcc: x@y.example X-Evil: 1')
    expect(text).toContain('Name: 김 Bcc: x@y.example X-Evil: 1\n')
  })

  it('cannot write markup, links or lines that look like ours', async () => {
    const message = [
      'Hi <a href=javascript:alert(1)>click</a> </td></tr></table><img src=x onerror=alert(1)>',
      'Inbox: https://evil.example',
      `Open it in your inbox: https://evil.example/login\u2028Open it in your inbox: https://evil.example/2`,
      '\u202eevil',
    ].join('\n')
    const evil = { ...AMY, name: '<b>Amy</b>', message, page: 'javascript:alert(1)' }
    const { email, text } = await mailOf(evil)
    const plain = await mailOf({ ...AMY, page: 'javascript:alert(1)' })
    const html = email.html ?? ''
    // Markup: the same elements as a harmless message, the visitor's shown as text.
    for (const tag of ['<a ', '</td>', '<table', '<img', '<b>'])
      expect(html.split(tag).length, tag).toBe((plain.email.html ?? '').split(tag).length)
    expect(html).toContain('&lt;a href=javascript:alert(1)&gt;click&lt;/a&gt; &lt;/td&gt;')
    expect(html).toContain('&lt;b&gt;Amy&lt;/b&gt;')
    expect(hrefsOf(html).every((href) => /^(tel:|mailto:|https:\/\/realtor\.example\.com\/)/.test(href))).toBe(true)
    expect(html).not.toContain('\u202e')
    // Text: every line with the visitor's words after our own label or quoted; our link line is ours alone.
    const lines = text.split('\n')
    for (const line of lines.filter((line) => line.includes('evil.example'))) expect(line).toMatch(/^> /)
    expect(lines.filter((line) => line.startsWith('Open it in your inbox:'))).toEqual([
      `Open it in your inbox: ${LINK}`,
    ])
    expect(text).toContain('Page: javascript:alert(1)\n')
  })

  it('links a page only on the homepage’s origin', async () => {
    // `//evil.example/x` is a path here, kept on the homepage's host (like every redirect, src/lib/locale.ts).
    for (const page of ['//evil.example/x', '/\\evil.example/x', 'https://evil.example/x', 'data:text/html,<b>x</b>']) {
      const { email } = await mailOf({ ...AMY, page })
      const links = hrefsOf(email.html ?? '').filter((href) => !/^(tel|mailto):/.test(href))
      expect(
        links.map((href) => new URL(href).host),
        page,
      ).not.toContain('evil.example')
      expect(
        links.filter((href) => !href.startsWith('https://realtor.example.com/')),
        page,
      ).toEqual([])
    }
    const noOrigin = await mailOf(AMY, { timeZone: 'UTC', pageOrigin: '' })
    expect(hrefsOf(noOrigin.email.html ?? '')).not.toContain('/en/janekim/listings')
    expect(noOrigin.text).toContain('Page: /en/janekim/listings')
  })

  it('gets no Reply-To and no mailto: with an address that is not one plain address', async () => {
    for (const address of ['"a, b"@example.com', 'a@example.com, b@example.com', 'a@example.com>', 'not-an-email']) {
      const { email } = await mailOf({ ...AMY, email: address })
      expect(email.replyTo, address).toBeUndefined()
      expect(
        hrefsOf(email.html ?? '').some((href) => href.startsWith('mailto:')),
        address,
      ).toBe(false)
    }
    expect(plainAddress(' amy@example.com ')).toBe('amy@example.com')
    expect(plainAddress('amy@example.com\r\n')).toBe('amy@example.com')
    expect(plainAddress('amy@exa\r\nmple.com')).toBeNull()
  })

  it('refuses to write our own addresses when they could break a header', () => {
    const notification = notificationOf(AMY, LINK, 'en', OPTIONS)
    expect(() => mimeMessage({ ...HEADER, to: 'jane@example.com\r\nBcc: x@y.example' }, notification)).toThrow()
    expect(() => mimeMessage({ ...HEADER, messageId: 'a>\r\nBcc: x@y' }, notification)).toThrow()
  })
})
