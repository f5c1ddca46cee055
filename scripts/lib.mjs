// Helpers shared by the start and test scripts: Node built-ins only, so they run before `npm ci`.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'

export const root = path.resolve(import.meta.dirname, '..')

/** Runs a command in the project root, inheriting stdio; exits the process when it fails. */
export function run(command, args, { env = {}, allowFailure = false } = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0 && !allowFailure) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`)
    process.exit(result.status || 1)
  }
  return result.status ?? 1
}

/** Installs npm packages when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules/.package-lock.json')
  const lock = path.join(root, 'package-lock.json')
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return
  console.log('→ installing npm packages (npm ci)')
  run('npm', ['ci', '--no-audit', '--no-fund'])
}

export const wrangler = (args, opts) =>
  run(process.execPath, [path.join(root, 'node_modules/wrangler/bin/wrangler.js'), ...args], opts)

/** Builds the client bundle and applies D1 migrations and seed data to a local state directory. */
export function prepareLocal({ persistTo }) {
  run(process.execPath, ['scripts/build-client.mjs'])
  console.log(`→ applying D1 migrations (local, ${path.relative(root, persistTo) || '.'})`)
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo], { env: { CI: 'true' } })
  if (existsSync(path.join(root, 'scripts/seed.mjs')))
    run(process.execPath, ['scripts/seed.mjs', '--persist-to', persistTo])
}

/** Starts the worker in workerd through wrangler dev with React's production build. */
export function startWorker({ port, persistTo, extraArgs = [], stdio = 'inherit' }) {
  const origin = `http://127.0.0.1:${port}`
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/wrangler/bin/wrangler.js'),
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--persist-to',
      persistTo,
      '--var',
      `PUBLIC_ORIGIN:${origin}`,
      '--show-interactive-dev-session=false',
      // A port of its own for the inspector, so several local workers (dev, e2e, bench) can run at once.
      '--inspector-port',
      String(port + 20000),
      ...extraArgs,
    ],
    { cwd: root, stdio, env: { ...process.env, NODE_ENV: 'production' } },
  )
  return { child, origin }
}
