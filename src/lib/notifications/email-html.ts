// The HTML part of a realtor's notification email: one table layout with inline styles (what Gmail, Apple
// Mail and Outlook all render), dark text on white, the site's brand blue for the button
// (src/styles/base.css). Every text is escaped here and every link passes one scheme check, so nothing a
// visitor wrote becomes markup or a link of another kind (docs/decisions/066-notification-email.md).
import { escapeXml } from '../home/seo'
import { isHttpUrl } from '../html'

/** One labelled line: a visitor's value, and the link built for it from our own rules (null: none). */
export interface EmailField {
  label: string
  text: string
  href?: string | null
}

export interface EmailLayout {
  /** The `lang` of the document: `ko` or `en`. */
  lang: string
  title: string
  /** Shown first, on a tinted band (a test notification says so here). */
  banner?: string | null
  intro: string
  fields: EmailField[]
  messageLabel: string
  /** The visitor's message, one entry a line. */
  messageLines: string[]
  /** Below the message, e.g. "Reply to this email to write to …". */
  note?: string | null
  button: { label: string; href: string }
}

const COLOR = {
  ink: '#14171f',
  inkSoft: '#4a5162',
  paper: '#ffffff',
  paperSoft: '#f5f6f8',
  line: '#e3e6ec',
  brand: '#1d4ed8',
  brandInk: '#ffffff',
  accent: '#f59e0b',
} as const

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Apple SD Gothic Neo','Malgun Gothic',Arial,sans-serif"

/** http(s), tel: with digits, or mailto: — the only links this email has; anything else is shown as text. */
export function isEmailHref(href: string): boolean {
  if (/^tel:\+?\d{3,20}$/.test(href)) return true
  if (/^mailto:[^\s"<>]+@[A-Za-z0-9.-]+$/.test(href)) return true
  return isHttpUrl(href)
}

const text = (value: string) => escapeXml(value)

function link(label: string, href: string | null | undefined, style: string): string {
  if (!href || !isEmailHref(href)) return text(label)
  return `<a href="${escapeXml(href)}" style="${style}">${text(label)}</a>`
}

const LINK_STYLE = `color:${COLOR.brand};text-decoration:underline;`

function fieldRow({ label, text: value, href }: EmailField): string {
  return [
    '<tr>',
    `<td valign="top" style="padding:6px 12px 6px 0;color:${COLOR.inkSoft};font-size:14px;white-space:nowrap;">${text(label)}</td>`,
    `<td valign="top" style="padding:6px 0;color:${COLOR.ink};font-size:16px;word-break:break-word;">${link(value, href, LINK_STYLE)}</td>`,
    '</tr>',
  ].join('')
}

/** A button as a table cell with a background colour: the one form every client, Outlook included, draws. */
function button({ label, href }: EmailLayout['button']): string {
  return [
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0 8px;">',
    `<tr><td bgcolor="${COLOR.brand}" style="border-radius:6px;background:${COLOR.brand};">`,
    link(
      label,
      href,
      `display:inline-block;padding:12px 22px;font-family:${FONT};font-size:16px;font-weight:bold;color:${COLOR.brandInk};text-decoration:none;border-radius:6px;`,
    ),
    '</td></tr></table>',
  ].join('')
}

export function emailHtml(layout: EmailLayout): string {
  const banner = layout.banner
    ? `<p style="margin:0 0 16px;padding:12px;border-left:4px solid ${COLOR.accent};background:#fff7e6;font-weight:bold;">${text(layout.banner)}</p>`
    : ''
  const message = layout.messageLines.map(text).join('<br>')
  const note = layout.note ? `<p style="margin:16px 0 0;">${text(layout.note)}</p>` : ''
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeXml(layout.lang)}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<meta name="color-scheme" content="light"><title>${text(layout.title)}</title></head>`,
    `<body style="margin:0;padding:0;background:${COLOR.paperSoft};">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLOR.paperSoft};">`,
    '<tr><td align="center" style="padding:24px 12px;">',
    `<table role="presentation" width="560" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:560px;background:${COLOR.paper};border:1px solid ${COLOR.line};border-radius:8px;">`,
    `<tr><td style="padding:24px;font-family:${FONT};font-size:16px;line-height:1.5;color:${COLOR.ink};">`,
    banner,
    `<p style="margin:0 0 16px;">${text(layout.intro)}</p>`,
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="width:100%;font-family:${FONT};">`,
    ...layout.fields.map(fieldRow),
    '</table>',
    // An email without a visitor's message (an address confirmation) has no message block.
    ...(layout.messageLines.length === 0
      ? []
      : [
          `<p style="margin:20px 0 6px;color:${COLOR.inkSoft};font-size:14px;">${text(layout.messageLabel)}</p>`,
          `<div style="padding:12px 14px;background:${COLOR.paperSoft};border-left:4px solid ${COLOR.line};white-space:normal;word-break:break-word;">${message}</div>`,
        ]),
    note,
    button(layout.button),
    `<p style="margin:0;font-size:13px;color:${COLOR.inkSoft};word-break:break-all;">${link(layout.button.href, layout.button.href, LINK_STYLE)}</p>`,
    '</td></tr></table>',
    '</td></tr></table>',
    '</body></html>',
  ].join('\n')
}
