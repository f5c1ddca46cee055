import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'

// A second local worker for a spec that needs settings of its own (an upstream's fake: Cloudflare's API, an
// MLS's RESO Web API): scripts/serve-e2e.mjs on its own port and state, its extra vars as E2E_VARS.
const root = path.resolve(import.meta.dirname, '../..')

export interface SecondWorker {
  origin: string
  /** Runs the worker's cron once (wrangler's --test-scheduled) and waits for its answer. */
  scheduled(): Promise<void>
  stop(): Promise<void>
}

export async function startSecondWorker(options: {
  port: number
  state: string
  vars: Record<string, string>
}): Promise<SecondWorker> {
  const origin = `http://127.0.0.1:${options.port}`
  const worker: ChildProcess = spawn(process.execPath, ['scripts/serve-e2e.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      E2E_PORT: String(options.port),
      E2E_STATE: options.state,
      E2E_SKIP_BUILD: '1',
      E2E_VARS: JSON.stringify(options.vars),
    },
  })
  // Should this Playwright worker end without its afterAll (killed on a timeout), the server ends with it
  // rather than holding the port for the next attempt.
  process.once('exit', () => worker.kill('SIGTERM'))
  for (;;) {
    if (worker.exitCode !== null) throw new Error(`the second worker exited (${worker.exitCode})`)
    // The body is read: a response dropped halfway makes workerd log a broken pipe that looks like a failure.
    const up = await fetch(`${origin}/terms`, { signal: AbortSignal.timeout(10_000) }).then(
      async (response) => {
        await response.arrayBuffer()
        return response.ok
      },
      () => false,
    )
    if (up) break
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return {
    origin,
    async scheduled() {
      const response = await fetch(`${origin}/__scheduled?cron=*/5+*+*+*+*`, { signal: AbortSignal.timeout(60_000) })
      await response.arrayBuffer()
      if (!response.ok) throw new Error(`the cron answered ${response.status}`)
    },
    async stop() {
      if (worker.exitCode !== null) return
      const exited = new Promise((resolve) => worker.once('exit', resolve))
      worker.kill('SIGTERM')
      await exited
    },
  }
}
