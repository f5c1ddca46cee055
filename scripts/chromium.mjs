// Debian's Chromium, the one browser of the browser tests, the benchmark's client-JS measurement and
// the audit: where it is, the flags it runs with here, and installing it when it is missing.
import { existsSync } from 'node:fs'
import { run } from './lib.mjs'

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium'

/** No sandbox (root in a container), no GPU, and nothing that reaches for the network on its own. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Debian's Korean font: without it Chromium draws Korean text as boxes, and screenshots and checks lie. */
const KOREAN_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'

/**
 * Installs Debian's chromium and Korean font (fonts-noto-cjk) with apt-get when either is missing and
 * this is root on Debian; else exits with what to install. Call it before any long work that ends in
 * a browser.
 */
export function ensureChromium(purpose) {
  const missing = [
    ...(existsSync(CHROMIUM) ? [] : ['chromium']),
    ...(existsSync(KOREAN_FONT) ? [] : ['fonts-noto-cjk']),
  ]
  if (missing.length === 0) return
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`→ installing Debian ${missing.join(' and ')} for ${purpose}`)
    run('apt-get', ['update', '-qq'])
    run('apt-get', ['install', '-y', '-qq', ...missing], { env: { DEBIAN_FRONTEND: 'noninteractive' } })
    return
  }
  console.error(`✗ missing ${missing.join(', ')}: install them with apt-get install ${missing.join(' ')} (${purpose})`)
  // A missing font is worth a warning, not a stop: the tests run, only Korean looks like boxes.
  if (!missing.includes('chromium')) return
  process.exit(1)
}
