// Browser tests in Debian's Chromium against the worker started by scripts/serve-e2e.mjs.
import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/chromium.mjs'

const port = Number(process.env.E2E_PORT ?? 8790)

export default defineConfig({
  testDir: './test/e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Visitors are Korean unless a test says otherwise (Chromium would send en-US).
    locale: 'ko-KR',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } } },
  ],
  webServer: {
    command: 'node scripts/serve-e2e.mjs',
    // The external sign-in of the hand-off tests (test/e2e/builder.spec.ts, docs/decisions/086), a routed page.
    env: { E2E_VARS: JSON.stringify({ API_ALLOWED_ORIGINS: 'https://sign-in.example' }) },
    url: `http://127.0.0.1:${port}/terms`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
