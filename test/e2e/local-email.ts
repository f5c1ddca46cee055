import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

// wrangler's local send_email writes each message into the project: .wrangler/tmp/email/miniflare-{hex}/email/
// (README.md, "Notifications"), one miniflare-{hex} folder per `wrangler dev`.
const EMAIL_ROOT = path.join(import.meta.dirname, '../../.wrangler/tmp/email')

// The raw messages wrangler's local send_email wrote since `since` (ms).
export function localEmailFiles(since: number): string[] {
  const raws: string[] = []
  let dirs: string[] = []
  try {
    dirs = readdirSync(EMAIL_ROOT).filter((name) => name.startsWith('miniflare-'))
  } catch {
    return raws
  }
  for (const dir of dirs) {
    const folder = path.join(EMAIL_ROOT, dir, 'email')
    let files: string[] = []
    try {
      files = readdirSync(folder).filter((name) => name.endsWith('.eml'))
    } catch {
      continue
    }
    for (const file of files) {
      const full = path.join(folder, file)
      if (statSync(full).mtimeMs >= since) raws.push(readFileSync(full, 'utf8'))
    }
  }
  return raws
}

/** The text of every email wrangler's local send_email wrote since `since` (ms), with its base64 parts decoded. */
export function localEmails(since: number): string[] {
  return localEmailFiles(since).map((raw) => {
    // Each part's base64 lines decoded on their own (a text and an HTML part, docs/decisions/066).
    const parts = raw
      .split(/\r?\n\r?\n/)
      .slice(1)
      .map((block) => block.split(/\r?\n/).filter((line) => /^[A-Za-z0-9+/=]+$/.test(line)))
      .map((lines) => Buffer.from(lines.join(''), 'base64').toString('utf8'))
    return [raw, ...parts].join('\n')
  })
}
