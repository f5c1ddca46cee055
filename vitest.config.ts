// Vitest runs inside workerd with the real local D1/R2/KV bindings of wrangler.toml.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'

/**
 * The local defaults every local run gets (ENVIRONMENT=local, localhost provider hosts, the demo
 * admin): the uncommented lines of .dev.vars.example, the one place they are written down.
 */
function localVars(): Record<string, string> {
  const lines = readFileSync(new URL('./.dev.vars.example', import.meta.url), 'utf8').split('\n')
  const pairs = lines.map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim())).filter((match) => match !== null)
  return Object.fromEntries(pairs.map(([, name, value]) => [name, value]))
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations('./migrations')
  return {
    plugins: [
      cloudflareTest({
        main: './src/worker.ts',
        // workerd without --verbose (the plugin's default is with): it then does not print the runtime-internal
        // failures of requests the tests break on purpose (a fault server resetting the socket logs
        // `uncaught exception … Network connection lost`), which the worker has already handled.
        verbose: false,
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: {
            ...localVars(),
            TEST_MIGRATIONS: migrations,
            // A secret of this run only: tests that switch to ENVIRONMENT=production pass the config check
            // with it, where a fixed one published here would be a known development value.
            SESSION_SECRET: `vitest-${randomUUID()}`,
            // fast-check runs per property: few in `npm test`, 10,000 in `npm run fuzz`.
            FUZZ_RUNS: process.env.FUZZ_RUNS ?? '150',
          },
        },
      }),
    ],
    test: {
      include: ['test/**/*.test.{ts,tsx}'],
      exclude: ['test/e2e/**'],
      setupFiles: ['./test/setup.ts'],
      globalSetup: ['./test/global-setup.ts'],
      // A rate-limit test may first wait up to 5 s for a fresh counting window (test/fixtures/rate-limits.ts)
      // before its own requests: vitest's default 5 s would fail it on the wait alone.
      testTimeout: 15_000,
      // Many tests break an upstream, a render or a store on purpose, and the worker logs each failure as it
      // would in production. A passing test's logs are not shown (a failing test's are, with its error), so a
      // green run prints no error-looking lines; `npx vitest run --silent=false` shows them all.
      silent: 'passed-only' as const,
    },
  }
})
