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

/**
 * Installs Debian's chromium with apt-get when it is missing and this is root on Debian; else exits
 * with what to install. Call it before any long work that ends in a browser.
 */
export function ensureChromium(purpose) {
  if (existsSync(CHROMIUM)) return
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`→ installing Debian chromium for ${purpose}`)
    run('apt-get', ['update', '-qq'])
    run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { DEBIAN_FRONTEND: 'noninteractive' } })
    return
  }
  console.error(`✗ ${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium) for ${purpose}`)
  process.exit(1)
}
