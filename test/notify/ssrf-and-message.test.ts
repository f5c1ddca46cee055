// The webhook URL rules (docs/decisions/050-notifications.md) and what a realtor's notification says, in
// each language: the visitor's name, phone, email and message, and the link to the inbox entry. The email
// itself (MIME, HTML, headers) is test/notify/email.test.ts.
import { describe, expect, it } from 'vitest'
import { formatPhone } from '../../src/lib/format'
import { inboxLink, notificationOf, SLACK_SECTION_LIMIT, slackBody } from '../../src/lib/notifications/message'
import { isPrivateHost, webhookUrlProblem } from '../../src/lib/notifications/ssrf'

const REFUSED_IN_PRODUCTION: [string, 'invalid' | 'https' | 'private'][] = [
  ['http://hooks.slack.com/services/x', 'https'],
  ['https://127.0.0.1/hook', 'private'],
  ['https://127.1.2.3/hook', 'private'],
  ['https://0x7f000001/hook', 'private'],
  ['https://2130706433/hook', 'private'],
  ['https://10.0.0.8/hook', 'private'],
  ['https://172.16.0.1/hook', 'private'],
  ['https://172.31.255.255/hook', 'private'],
  ['https://192.168.1.1/hook', 'private'],
  ['https://169.254.169.254/latest/meta-data', 'private'],
  ['https://100.64.0.1/hook', 'private'],
  ['https://0.0.0.0/hook', 'private'],
  ['https://[::1]/hook', 'private'],
  ['https://[::]/hook', 'private'],
  ['https://[fe80::1]/hook', 'private'],
  ['https://[fd00::1]/hook', 'private'],
  ['https://[fc12:3456::1]/hook', 'private'],
  ['https://[::ffff:127.0.0.1]/hook', 'private'],
  ['https://[::ffff:10.1.2.3]/hook', 'private'],
  // Issue 29, finding 5: IPv6 forms that carry an IPv4 address, and the deprecated site-local block.
  ['https://[::127.0.0.1]/hook', 'private'],
  ['https://[::7f00:1]/hook', 'private'],
  ['https://[::10.0.0.1]/hook', 'private'],
  ['https://[64:ff9b::7f00:1]/hook', 'private'],
  ['https://[64:ff9b::169.254.169.254]/hook', 'private'],
  ['https://[64:ff9b:1::a00:1]/hook', 'private'],
  ['https://[2002:7f00:1::]/hook', 'private'],
  ['https://[2002:a9fe:a9fe::1]/hook', 'private'],
  ['https://[::ffff:0:7f00:1]/hook', 'private'],
  ['https://[::ffff:0:10.0.0.1]/hook', 'private'],
  ['https://[fec0::1]/hook', 'private'],
  ['https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook', 'private'], // Teredo carrying 127.0.0.1
  // Embedded forms are refused whole, even around a public IPv4 address: 8.8.8.8 is written as itself.
  ['https://[::ffff:8.8.8.8]/hook', 'private'],
  ['https://[64:ff9b::808:808]/hook', 'private'],
  ['https://[2002:808:808::1]/hook', 'private'],
  ['https://[::8.8.8.8]/hook', 'private'],
  // The rest of IANA's IPv4 special-purpose registry, multicast and broadcast.
  ['https://192.0.0.1/hook', 'private'],
  ['https://192.0.0.170/hook', 'private'],
  ['https://192.0.2.1/hook', 'private'],
  ['https://192.31.196.1/hook', 'private'],
  ['https://192.52.193.1/hook', 'private'],
  ['https://192.88.99.1/hook', 'private'],
  ['https://192.175.48.1/hook', 'private'],
  ['https://198.18.0.1/hook', 'private'],
  ['https://198.51.100.7/hook', 'private'],
  ['https://203.0.113.9/hook', 'private'],
  ['https://224.0.0.1/hook', 'private'],
  ['https://240.0.0.1/hook', 'private'],
  ['https://255.255.255.255/hook', 'private'],
  // The rest of IANA's IPv6 special-purpose registry, and space outside global unicast (2000::/3).
  ['https://[100::1]/hook', 'private'],
  ['https://[2001:2::1]/hook', 'private'],
  ['https://[2001:3::1]/hook', 'private'],
  ['https://[2001:4:112::1]/hook', 'private'],
  ['https://[2001:10::1]/hook', 'private'],
  ['https://[2001:20::1]/hook', 'private'],
  ['https://[2001:30::1]/hook', 'private'],
  ['https://[2001:1::1]/hook', 'private'],
  ['https://[2001:db8::1]/hook', 'private'],
  ['https://[2620:4f:8000::1]/hook', 'private'],
  ['https://[3fff::1]/hook', 'private'],
  ['https://[5f00::1]/hook', 'private'],
  ['https://[4000::1]/hook', 'private'],
  ['https://[ff02::1]/hook', 'private'],
  ['https://localhost/hook', 'private'],
  ['https://LOCALHOST./hook', 'private'],
  ['https://api.localhost/hook', 'private'],
  ['https://printer.local/hook', 'private'],
  ['https://metadata.google.internal/hook', 'private'],
  ['https://intranet/hook', 'private'],
  ['ftp://hooks.example.com/x', 'invalid'],
  ['javascript:alert(1)', 'invalid'],
  ['https://user:pass@hooks.example.com/x', 'invalid'],
  ['not a url', 'invalid'],
]

const ALLOWED_IN_PRODUCTION = [
  'https://hooks.slack.com/services/T000/B000/XXXX',
  'https://8.8.8.8/hook',
  'https://172.32.0.1/hook',
  'https://[2001:4860:4860::8888]/hook',
  'https://[2606:4700:4700::1111]/hook',
  'https://1.1.1.1/hook',
  'https://192.0.3.1/hook',
  'https://100.128.0.1/hook',
  'https://hooks.example.com./x',
  'https://example.com:8443/a?b=c',
]

describe('webhook URLs in production', () => {
  it.each(REFUSED_IN_PRODUCTION)('refuses %s (%s)', (url, problem) => {
    expect(webhookUrlProblem(url, true)).toBe(problem)
  })
  it.each(ALLOWED_IN_PRODUCTION)('takes %s', (url) => {
    expect(webhookUrlProblem(url, true)).toBeNull()
  })
})

describe('webhook URLs in local runs', () => {
  it('takes a loopback http fake, so tests and local runs can use one', () => {
    expect(webhookUrlProblem('http://127.0.0.1:9999/hook', false)).toBeNull()
    expect(webhookUrlProblem('http://localhost:9999/hook', false)).toBeNull()
  })
  it('still refuses what is no http(s) URL', () => {
    expect(webhookUrlProblem('file:///etc/passwd', false)).toBe('invalid')
  })
  it('names hosts as private whatever their spelling', () => {
    expect(isPrivateHost('[0:0:0:0:0:0:0:1]')).toBe(true)
    expect(isPrivateHost('[not-an-address]')).toBe(true)
    expect(isPrivateHost('hooks.slack.com')).toBe(false)
  })
})

const VISITOR = {
  id: 42,
  name: '김 민수',
  phone: '01012345678',
  email: 'minsu@example.com',
  message: '집을 보고 싶어요.\n연락 주세요.',
}

describe('the notification', () => {
  it('is in Korean for a Korean realtor, with every field and the link', () => {
    const link = inboxLink('http://127.0.0.1:8787', 'janekim', 42, 'ko')
    expect(link).toBe('http://127.0.0.1:8787/janekim/admin/inbox/42')
    const notification = notificationOf(VISITOR, link, 'ko')
    expect(notification.subject).toBe('홈페이지 새 문의: 김 민수')
    for (const part of [
      '이름: 김 민수',
      `연락처: ${formatPhone(VISITOR.phone)}`,
      '이메일: minsu@example.com',
      '문의 내용:\n> 집을 보고 싶어요.\n> 연락 주세요.',
      link,
    ])
      expect(notification.text).toContain(part)
  })

  it('is in English for an English realtor, linking the English inbox', () => {
    const link = inboxLink('https://realtor.example.com/', 'janekim', 42, 'en')
    expect(link).toBe('https://realtor.example.com/en/janekim/admin/inbox/42')
    const notification = notificationOf(VISITOR, link, 'en')
    expect(notification.subject).toBe('New message from your homepage: 김 민수')
    expect(notification.text).toContain(`Phone: ${formatPhone(VISITOR.phone)}`)
    expect(notification.text).toContain(`Open it in your inbox: ${link}`)
  })

  it('reaches Slack as text, with a visitor unable to make links or mentions', () => {
    const body = slackBody(notificationOf({ ...VISITOR, name: '<!channel> <http://evil|x>' }, 'https://x.test', 'en'))
    expect(body.text).not.toContain('<!channel>')
    expect(body.text).toContain('&lt;!channel&gt;')
    expect(body.blocks).toHaveLength(1)
  })

  describe('a long message cut to Slack’s 3,000 characters', () => {
    const sectionOf = (message: string) => {
      const body = slackBody(notificationOf({ ...VISITOR, message }, 'https://x.test', 'en'))
      return (body.blocks[0] as { text: { text: string } }).text.text
    }
    /** Whether a text survives UTF-8 unchanged: an unpaired surrogate does not (strict JSON parsers refuse it). */
    const wellFormed = (text: string) => new TextDecoder().decode(new TextEncoder().encode(text)) === text
    const graphemesOf = (text: string) =>
      [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].map((part) => part.segment)

    it('never splits an emoji into an unpaired surrogate, whichever unit the limit falls on', () => {
      for (const shift of ['', 'a']) {
        const section = sectionOf(`${shift}${'😀'.repeat(2000)}`)
        expect(section.length).toBeLessThanOrEqual(SLACK_SECTION_LIMIT)
        expect(section.length).toBeGreaterThan(SLACK_SECTION_LIMIT - 3)
        expect(wellFormed(section), `shift ${shift.length}`).toBe(true)
        expect(section.endsWith('😀…')).toBe(true)
      }
    })

    it('cuts between graphemes: a flag or a family stays whole', () => {
      for (const shift of ['', 'a', 'ab', 'abc']) {
        for (const emoji of ['🇰🇷', '👨‍👩‍👧']) {
          const section = sectionOf(`${shift}${emoji.repeat(1000)}`)
          expect(section.length).toBeLessThanOrEqual(SLACK_SECTION_LIMIT)
          const tail = graphemesOf(section).slice(-3, -1)
          expect(tail).toEqual([emoji, emoji])
        }
      }
    })

    it('never cuts an escape in half', () => {
      for (const shift of ['', 'a', 'ab', 'abc']) {
        const section = sectionOf(`${shift}${'<'.repeat(2000)}`)
        expect(section.length).toBeLessThanOrEqual(SLACK_SECTION_LIMIT)
        expect(section.replace(/&(amp|lt|gt);/g, '')).not.toContain('&')
      }
    })

    it('leaves a message that fits as it is', () => {
      const section = sectionOf('짧은 문의 😀')
      expect(section).toContain('&gt; 짧은 문의 😀')
      expect(section.endsWith('…')).toBe(false)
    })
  })
})
