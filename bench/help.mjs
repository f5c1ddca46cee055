// `--help` of npm run bench and npm run audit: what the run does, its options and variables, then
// exit 0 before any build or measurement starts.

/** Prints the help text and exits when the command line asks for it (`-h`, `--help`). */
export function helpRequested(text) {
  if (!process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h')) return
  console.log(text.trim())
  process.exit(0)
}

export const BENCH_HELP = `
npm run bench [-- --help]

Builds the production bundle exactly as \`npm run deploy\` does (wrangler deploy --dry-run --env production),
runs it in workerd on a freshly seeded local state with the local defaults of .dev.vars.example, and
measures throughput, latency and CPU of each target against a static copy of its response, client JS
in Chromium and the bundle size. Prints a table, writes bench/results/latest.{json,md}, and exits
non-zero when a budget is missed (docs/decisions/005). A full run takes several minutes. It also adds a
large realtor (bench-large, docs/decisions/058) to the bench's state and judges its uncached home's CPU
against React's renderer alone rendering the same markup from elements built once (BENCH_ONLY=large for
those). Every ratio budget is judged on workerd's CPU per request in interleaved rounds, median round,
with its 95% interval and min–max printed (docs/decisions/074). Last, it posts contacts
to a worker whose CONTACT_WEBHOOK_URL is a loopback webhook that takes 1 s, and judges the median time to
201 (a third of the webhook's time at most) and that each contact reached the webhook once
(BENCH_ONLY=contact for that alone; \`node bench/contact.mjs\` runs it on a build of its own, docs/decisions/069).

Options:
  -h, --help               this text

Environment variables:
  BENCH_PORT               first of four ports of the measured workers (default 8899)
  BENCH_ONLY               only targets whose name contains this text, or one of several comma-separated
                           texts (skips the client-JS measurement)
  BENCH_PATHS              direct, entry or both, comma separated (default direct,entry)
  BENCH_ROUNDS             rounds of a judged figure (default 32)
  BENCH_CONTEXT_ROUNDS     rounds of a context figure (default 12)
  BENCH_ROUND_SECONDS      about how long a round lasts: its requests are what the warm-up answered in
                           this time (default 0.25)
  BENCH_CONTACTS           contacts the contact bench posts (default 20)
  BENCH_WEBHOOK_MS         how long its loopback webhook takes to answer (default 1000)
  CHROME_PATH              the Chromium of the client-JS measurement (default /usr/bin/chromium)
`

export const AUDIT_HELP = `
npm run audit [-- --help]

Runs Lighthouse (mobile) and axe (WCAG 2.2 AA) in Debian's Chromium against the production build
(the bundle \`npm run deploy\` ships, on a freshly seeded local state with the local defaults of
.dev.vars.example): the landing page, demo homepages and the login page, the open lead panel, the
contact form, the signed-in editor, and axe on every demo homepage in both design modes. Prints a
table, writes bench/results/audit.{json,md}, and exits non-zero when a page misses a budget or has an
accessibility violation.

Options:
  -h, --help               this text

Environment variables:
  AUDIT_PORT               port of the audited worker (default 8898)
  AUDIT_ONLY               only pages whose name contains this text (e.g. janekim)
  CHROME_PATH              the Chromium to drive (default /usr/bin/chromium)
`
