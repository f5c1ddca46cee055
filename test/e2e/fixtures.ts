// The browser tests' `test`: Playwright's, plus a check before each test that the worker answers
// (scripts/serve-e2e.mjs restarts `wrangler dev` if it ever exits mid-run).
import { test as base } from '@playwright/test'

export { expect, type Page } from '@playwright/test'

export const test = base.extend<{ workerUp: undefined }>({
  workerUp: [
    async ({ baseURL }, use) => {
      const deadline = Date.now() + 30_000
      for (;;) {
        // Each probe is bounded: one request that never answers must not use up the test's time.
        // The body is read: a response dropped halfway makes workerd log a broken pipe that looks like a failure.
        const up = await fetch(`${baseURL}/terms`, { signal: AbortSignal.timeout(5_000) }).then(
          async (response) => {
            await response.arrayBuffer()
            return response.ok
          },
          () => false,
        )
        if (up || Date.now() > deadline) break
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      await use(undefined)
    },
    { auto: true },
  ],
})
