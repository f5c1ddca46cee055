// The raw email (RFC 5322 + MIME) the send_email binding takes: a multipart/alternative of a text and an
// HTML part, headers no visitor text can break. Our own small builder rather than a library: the one
// maintained candidate failed the folding and injection rules (docs/decisions/066-notification-email.md).
import { base64 } from '../base64url'
import { EMAIL_PATTERN } from '../realtors/schema'

/** What a message says, in both forms, and the visitor's address a reply goes to (null: none usable). */
export interface MimeContent {
  subject: string
  text: string
  html: string
  replyTo?: string | null
}

export interface MimeHeader {
  from: string
  /** Shown as the sender's name; any language. */
  fromName?: string
  to: string
  /** Where Reply goes; taken only when it is one plain address (it comes from a visitor). */
  replyTo?: string | null
  messageId: string
  date: Date
  /**
   * The one-click unsubscribe URL of a buyer's alert (RFC 2369 List-Unsubscribe with RFC 8058's
   * List-Unsubscribe-Post): an http(s) URL of printable ASCII without spaces, or the message is refused.
   */
  listUnsubscribe?: string
}

/** RFC 5322's line limit without its CRLF (§2.1.1 "SHOULD"): every header line we write fits it. */
export const HEADER_LINE_LIMIT = 78

/**
 * One plain address: a dot-atom local part (RFC 5322 §3.2.3) and a host name, matching the project's
 * EMAIL_PATTERN too. No quotes, angle brackets, commas, spaces, line breaks or non-ASCII, so the text can
 * stand in a header, a `mailto:` and an attribute as it is. Null for anything else.
 */
export function plainAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const address = value.trim()
  if (address.length > 254 || !EMAIL_PATTERN.test(address)) return null
  return /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(
    address,
  )
    ? address
    : null
}

function ourAddress(value: string, header: string): string {
  const address = plainAddress(value)
  if (!address) throw new Error(`the ${header} address cannot be written in a header`)
  return address
}

const utf8 = new TextEncoder()

/**
 * Line breaks, other controls and Unicode line/paragraph separators become one space: a header, and a
 * labelled line of a notification, stays one line whatever a visitor typed.
 */
export const oneLine = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim()

/** RFC 2047 §2: a header line holding an encoded word is at most 76 characters (RFC 5322 allows 78). */
export const ENCODED_WORD_LINE_LIMIT = 76

/**
 * 39 bytes encode to 52 base64 characters: `=?UTF-8?B?` + 52 + `?=` is a 64-character encoded word, under
 * RFC 2047 §2's 75, and "Subject: " plus one is a 73-character line, under its 76.
 */
const WORD_BYTES = 39

/**
 * RFC 2047 encoded words of a text, each ≤ 75 characters and each holding whole characters (§5: a
 * character is never split between words), so any decoder joins them back to the text.
 */
export function encodedWords(text: string): string[] {
  const words: string[] = []
  let chunk: number[] = []
  const flush = () => {
    if (chunk.length) words.push(`=?UTF-8?B?${base64(Uint8Array.from(chunk))}?=`)
    chunk = []
  }
  for (const character of oneLine(text)) {
    const bytes = utf8.encode(character)
    if (chunk.length + bytes.length > WORD_BYTES) flush()
    chunk.push(...bytes)
  }
  flush()
  return words
}

/**
 * A header of tokens joined by spaces, folded (CRLF + space) before a token that would pass RFC 2047's line
 * limit, which every header we write keeps, encoded words or not.
 */
function foldedHeader(name: string, tokens: string[]): string {
  let line = `${name}:`
  const lines: string[] = []
  for (const token of tokens) {
    if (line.length + 1 + token.length > ENCODED_WORD_LINE_LIMIT && line.length > name.length + 1) {
      lines.push(line)
      line = ''
    }
    line += ` ${token}`
  }
  lines.push(line)
  return lines.join('\r\n')
}

/** A mailbox with a display name in encoded words (RFC 2047 §5(3)), or the bare address. */
const mailbox = (name: string, address: string, displayName?: string) =>
  foldedHeader(name, [...(displayName ? encodedWords(displayName) : []), displayName ? `<${address}>` : address])

/** RFC 5322 §3.3 date with a numeric zone (`GMT` is obsolete syntax there). */
const rfc5322Date = (date: Date) => date.toUTCString().replace(/GMT$/, '+0000')

/** A body part: UTF-8, lines as CRLF (canonical form, RFC 2045 §6.8), base64 in lines of 76. */
function part(contentType: string, body: string): string {
  const encoded = (base64(utf8.encode(body.replace(/\r?\n/g, '\r\n'))).match(/.{1,76}/g) ?? []).join('\r\n')
  return [`Content-Type: ${contentType}; charset=UTF-8`, 'Content-Transfer-Encoding: base64', '', encoded].join('\r\n')
}

/** Base64 never holds `_` or `=_`, so this boundary cannot occur inside a part (RFC 2046 §5.1.1). */
const BOUNDARY = '=_realtor-notification'

/**
 * RFC 8058's pair: the URL in angle brackets on a line of its own (folded after the colon; a URL cannot be
 * folded inside), and the POST body a mail client sends to it.
 */
function listUnsubscribeHeaders(url: string): string[] {
  if (url.length > 900 || !/^https?:\/\/[\x21-\x3b\x3d\x3f-\x7e]+$/.test(url))
    throw new Error('the List-Unsubscribe URL cannot be written in a header')
  return [`List-Unsubscribe:\r\n <${url}>`, 'List-Unsubscribe-Post: List-Unsubscribe=One-Click']
}

/**
 * The raw message. `messageId` is stable per delivery, so a receiver can tell a resend. Reply-To is the
 * header's when given, else the content's; written only when it is one plain address.
 */
export function mimeMessage(header: MimeHeader, content: MimeContent): string {
  const messageId = header.messageId
  if (messageId.length > 250 || !/^[\x21-\x3b\x3d\x3f-\x7e]+@[\x21-\x3b\x3d\x3f-\x7e]+$/.test(messageId))
    throw new Error('the Message-ID cannot be written in a header')
  const replyTo = plainAddress(header.replyTo !== undefined ? header.replyTo : content.replyTo)
  const headers = [
    mailbox('From', ourAddress(header.from, 'From'), header.fromName && oneLine(header.fromName)),
    mailbox('To', ourAddress(header.to, 'To')),
    ...(replyTo ? [mailbox('Reply-To', replyTo)] : []),
    foldedHeader('Subject', encodedWords(content.subject)),
    `Message-ID: <${messageId}>`,
    `Date: ${rfc5322Date(header.date)}`,
    ...(header.listUnsubscribe ? listUnsubscribeHeaders(header.listUnsubscribe) : []),
    'MIME-Version: 1.0',
    // RFC 3834: no vacation or out-of-office answers to a notification; Outlook reads its own header.
    'Auto-Submitted: auto-generated',
    'X-Auto-Response-Suppress: All',
    `Content-Type: multipart/alternative; boundary="${BOUNDARY}"`,
  ]
  return [
    ...headers,
    '',
    `--${BOUNDARY}`,
    part('text/plain', content.text),
    `--${BOUNDARY}`,
    part('text/html', content.html),
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n')
}
