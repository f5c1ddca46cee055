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

/**
 * Every email's document around its content: the page, the centred card of at most 560 px and its type, the
 * title in the head. One shell for the notifications and the alerts.
 */
function emailDocument(layout: { lang: string; title: string }, content: string[]): string {
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
    ...content,
    '</td></tr></table>',
    '</td></tr></table>',
    '</body></html>',
  ].join('\n')
}

export function emailHtml(layout: EmailLayout): string {
  const banner = layout.banner
    ? `<p style="margin:0 0 16px;padding:12px;border-left:4px solid ${COLOR.accent};background:#fff7e6;font-weight:bold;">${text(layout.banner)}</p>`
    : ''
  const message = layout.messageLines.map(text).join('<br>')
  const note = layout.note ? `<p style="margin:16px 0 0;">${text(layout.note)}</p>` : ''
  return emailDocument(layout, [
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
  ])
}

/** One home of an alert mail: every text already in the buyer's language, every link absolute. */
export interface AlertHome {
  /** New, price changed, status changed: shown as a small label above the price. */
  kindLabel: string
  price: string
  /** "3 bd · 2 ba". */
  rooms: string
  address: string
  /** The home's photo (https), or null: a grey box says there is none. */
  photo: string | null
  photoAlt: string
  noPhoto: string
  href: string
  linkLabel: string
}

/** A buyer's listing alert (docs/decisions/108-listing-alerts.md): the realtor's mail, in their branding. */
export interface AlertLayout {
  lang: string
  title: string
  /** The realtor's name, photo (https, or null) and brokerage line (or null). */
  realtor: { name: string; photo: string | null; photoAlt: string; brokerage: string | null }
  intro: string
  homes: AlertHome[]
  /** Below the homes when some were left out ("and 3 more"). */
  more?: string | null
  button: { label: string; href: string }
  /** Why the buyer gets this mail. */
  footer: string
  manage: { label: string; href: string }
  unsubscribe: { label: string; href: string }
  /** The open pixel's URL (1×1 GIF), or null. */
  pixel?: string | null
}

const image = (src: string | null, alt: string, style: string, width: number) =>
  src && isHttpUrl(src) ? `<img src="${escapeXml(src)}" alt="${text(alt)}" width="${width}" style="${style}">` : ''

function alertHome(home: AlertHome): string {
  const photo =
    image(home.photo, home.photoAlt, 'display:block;width:100%;max-width:150px;height:auto;border-radius:6px;', 150) ||
    `<div style="width:150px;max-width:100%;padding:36px 0;background:${COLOR.paperSoft};color:${COLOR.inkSoft};font-size:13px;text-align:center;border-radius:6px;">${text(home.noPhoto)}</div>`
  return [
    `<tr><td style="padding:12px 0;border-top:1px solid ${COLOR.line};">`,
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="width:100%;"><tr>',
    `<td valign="top" width="150" style="width:150px;padding-right:14px;">${isEmailHref(home.href) ? `<a href="${escapeXml(home.href)}">${photo}</a>` : photo}</td>`,
    `<td valign="top" style="font-family:${FONT};color:${COLOR.ink};">`,
    `<p style="margin:0 0 4px;font-size:12px;font-weight:bold;color:${COLOR.brand};text-transform:uppercase;">${text(home.kindLabel)}</p>`,
    `<p style="margin:0 0 4px;font-size:20px;font-weight:bold;">${text(home.price)}</p>`,
    `<p style="margin:0 0 4px;font-size:14px;color:${COLOR.inkSoft};">${text(home.rooms)}</p>`,
    `<p style="margin:0 0 8px;font-size:15px;">${text(home.address)}</p>`,
    `<p style="margin:0;font-size:14px;">${link(home.linkLabel, home.href, LINK_STYLE)}</p>`,
    '</td></tr></table>',
    '</td></tr>',
  ].join('')
}

export function alertEmailHtml(layout: AlertLayout): string {
  const { realtor } = layout
  const portrait = image(
    realtor.photo,
    realtor.photoAlt,
    'display:block;width:56px;height:56px;border-radius:28px;object-fit:cover;',
    56,
  )
  const brand = [
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;"><tr>',
    portrait ? `<td valign="middle" style="padding-right:12px;">${portrait}</td>` : '',
    `<td valign="middle" style="font-family:${FONT};">`,
    `<p style="margin:0;font-size:18px;font-weight:bold;color:${COLOR.ink};">${text(realtor.name)}</p>`,
    realtor.brokerage
      ? `<p style="margin:0;font-size:14px;color:${COLOR.inkSoft};">${text(realtor.brokerage)}</p>`
      : '',
    '</td></tr></table>',
  ].join('')
  const more = layout.more ? `<p style="margin:12px 0 0;color:${COLOR.inkSoft};">${text(layout.more)}</p>` : ''
  const pixel =
    layout.pixel && isHttpUrl(layout.pixel)
      ? `<img src="${escapeXml(layout.pixel)}" alt="" width="1" height="1" style="display:block;width:1px;height:1px;border:0;">`
      : ''
  return emailDocument(layout, [
    brand,
    `<h1 style="margin:0 0 8px;font-size:20px;line-height:1.3;">${text(layout.title)}</h1>`,
    `<p style="margin:0 0 12px;">${text(layout.intro)}</p>`,
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="width:100%;">`,
    ...layout.homes.map(alertHome),
    '</table>',
    more,
    button(layout.button),
    `<p style="margin:24px 0 0;padding-top:12px;border-top:1px solid ${COLOR.line};font-size:13px;color:${COLOR.inkSoft};">${text(layout.footer)}</p>`,
    `<p style="margin:8px 0 0;font-size:13px;">${link(layout.manage.label, layout.manage.href, LINK_STYLE)} · ${link(layout.unsubscribe.label, layout.unsubscribe.href, LINK_STYLE)}</p>`,
    pixel,
  ])
}
