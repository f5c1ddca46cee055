import { readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

// The raw messages wrangler's local send_email wrote since `since` (ms): the .eml files in files/email
// under each miniflare-{hex} folder of the OS temp dir (README.md, "Notifications").
export function localEmailFiles(since: number): string[] {
  const raws: string[] = []
  for (const dir of readdirSync(tmpdir()).filter((name) => name.startsWith('miniflare-'))) {
    const folder = path.join(tmpdir(), dir, 'files', 'email')
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
