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
