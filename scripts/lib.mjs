// Helpers shared by the start, dev, test, e2e, bench and audit scripts: Node built-ins only, so they
// run before `npm ci`.
import { spawn, spawnSync } from 'node:child_process'
import { appendFileSync, copyFileSync, existsSync, lstatSync, mkdirSync, readFileSync, statSync } from 'node:fs'
import net from 'node:net'
import { constants } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { stripVTControlCharacters } from 'node:util'

export const root = path.resolve(import.meta.dirname, '..')

/** Where the scripts keep wrangler's full output (and wrangler its debug logs), for when something fails. */
export const LOG_DIR = path.join(root, '.wrangler/logs')

/**
 * Every wrangler the scripts start: no banner or update check, no telemetry notice, and no fetch of
 * `Request.cf` from the internet (without a network it prints an ENOTFOUND stack that looks like a failure).
 */
export const WRANGLER_ENV = {
  WRANGLER_HIDE_BANNER: 'true',
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_LOG_PATH: LOG_DIR,
}

/** Runs a command in the project root, inheriting stdio; exits the process when it fails. */
export function run(command, args, { env = {}, allowFailure = false } = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0 && !allowFailure) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`)
    process.exit(result.status || 1)
  }
  return result.status ?? 1
}

/** The log file of one kind of run under .wrangler/logs, relative to the project for printing. */
export function logFile(name) {
  mkdirSync(LOG_DIR, { recursive: true })
  const file = path.join(LOG_DIR, `${name}.log`)
  return { file, shown: path.relative(root, file) }
}

/**
 * Runs a command with its output written to a log file instead of the terminal; returns the output.
 * When it fails, the output is printed after all, since then it is what the user needs.
 */
export function runLogged(command, args, { env = {}, log }) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } })
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`
  appendFileSync(log.file, `\n$ ${path.basename(command)} ${args.join(' ')}\n${output}`)
  if (result.status !== 0) {
    console.error(output)
    console.error(`✗ ${path.basename(command)} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`)
    process.exit(result.status || 1)
  }
  return output
}

/** Installs npm packages when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const modules = path.join(root, 'node_modules')
  const marker = path.join(modules, '.package-lock.json')
  const lock = path.join(root, 'package-lock.json')
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return
  // A linked node_modules is someone else's install (a worktree sharing one): npm ci would empty the
  // directory it points to, under everyone using it.
  if (existsSync(modules) && lstatSync(modules).isSymbolicLink()) {
    console.log('→ node_modules is a link to another install: not reinstalling it')
    return
  }
  console.log('→ installing npm packages (npm ci)')
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'])
}

/**
 * The project's own Node: the `node-<platform>` package of package.json's optionalDependencies (npm installs
 * the one matching this machine, with no install script) links its binary here (docs/decisions/067).
 */
export const PROJECT_NODE = path.join(root, 'node_modules/.bin/node')

/** The oldest Node the scripts run on: package.json's `engines.node` (`>=22.12.0`). */
const NODE_RANGE = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node
const versionParts = (version) =>
  version
    .replace(/^[^\d]*/, '')
    .split('.')
    .map(Number)

/** Whether a Node version (`v20.20.2`) is older than engines.node. */
export function olderThanProject(version) {
  const [have, need] = [versionParts(version), versionParts(NODE_RANGE)]
  const differs = [0, 1, 2].find((i) => have[i] !== need[i])
  return differs !== undefined && have[differs] < need[differs]
}

/** Set in the environment of a script that useProjectNode started again, so that it never loops. */
const REEXEC_MARK = 'REALTOR_PROJECT_NODE'

/**
 * Every entry script calls this first (after ensureDependencies where it installs): when the Node running it is
 * older than engines.node (a fresh machine's or CI's system Node 20 starts `npm start` before node_modules
 * exists), the script runs again under the project's Node, with node_modules/.bin first on PATH so the
 * tools it starts (`#!/usr/bin/env node`: vitest, playwright, wrangler) and `process.execPath` get it too.
 * Returns at once when the Node is new enough; otherwise never returns: this process waits for the new one
 * and exits as it does.
 */
export async function useProjectNode() {
  if (!olderThanProject(process.version)) return
  if (process.env[REEXEC_MARK] || !existsSync(PROJECT_NODE)) {
    console.error(
      `✗ Node ${process.version} is older than this project's ${NODE_RANGE}, and ${path.relative(root, PROJECT_NODE)} ` +
        'is missing or no newer (package.json optionalDependencies has no node-<platform> package for ' +
        `${process.platform}-${process.arch}?): run \`npm install\`, or use Node ${NODE_RANGE}.`,
    )
    process.exit(1)
  }
  const child = spawn(PROJECT_NODE, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: {
      ...process.env,
      [REEXEC_MARK]: process.version,
      PATH: `${path.dirname(PROJECT_NODE)}${path.delimiter}${process.env.PATH ?? ''}`,
    },
  })
  // Passed on (Ctrl+C also reaches the new process from the terminal; the scripts stop once either way).
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)))
  await new Promise(() => {})
}

export const DEV_VARS = path.join(root, '.dev.vars')
export const DEV_VARS_EXAMPLE = path.join(root, '.dev.vars.example')

/** The uncommented `NAME=value` lines of a .dev.vars file. */
export function readVars(file) {
  const pairs = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim()))
    .filter(Boolean)
  return Object.fromEntries(pairs.map(([, name, value]) => [name, value]))
}

/** The local defaults of .dev.vars.example: what the tests', bench's and audit's workers run with. */
export const localVars = () => readVars(DEV_VARS_EXAMPLE)

/**
 * Writes .dev.vars from .dev.vars.example when it is missing: the committed wrangler.toml holds no
 * local defaults, so without it the worker refuses to serve (docs/decisions/052). An existing file
 * is the developer's; it only gets a warning when it would make the worker refuse.
 */
export function ensureDevVars() {
  if (!existsSync(DEV_VARS)) {
    copyFileSync(DEV_VARS_EXAMPLE, DEV_VARS)
    console.log('→ wrote .dev.vars from .dev.vars.example (local defaults; wrangler never deploys it)')
    return
  }
  const vars = readVars(DEV_VARS)
  if (vars.ENVIRONMENT !== 'local' && !vars.SESSION_SECRET)
    console.warn('▲ .dev.vars sets neither ENVIRONMENT=local nor SESSION_SECRET: the worker will refuse to serve.')
  if (vars.ENVIRONMENT === 'local' && !(vars.PROVIDER_HOSTS ?? '').includes('127.0.0.1'))
    console.warn('▲ .dev.vars has no PROVIDER_HOSTS with 127.0.0.1: compare it with .dev.vars.example.')
  // A default added since the file was written (the push keys, say) is appended, never one the developer set.
  const missing = Object.entries(localVars()).filter(([name]) => !(name in vars))
  if (vars.ENVIRONMENT === 'local' && missing.length > 0) {
    appendFileSync(
      DEV_VARS,
      `\n# Added from .dev.vars.example by npm start\n${missing.map(([k, v]) => `${k}=${v}`).join('\n')}\n`,
    )
    console.log(`→ added ${missing.map(([name]) => name).join(', ')} to .dev.vars from .dev.vars.example`)
  }
}

const wranglerBin = path.join(root, 'node_modules/wrangler/bin/wrangler.js')

/** The wrangler command of `npm run deploy` (scripts/deploy.mjs); the bench and the deploy test build with it. */
export const DEPLOY_ARGS = ['deploy', '--env', 'production']

export const wrangler = (args, opts = {}) =>
  run(process.execPath, [wranglerBin, ...args], { ...opts, env: { ...WRANGLER_ENV, ...opts.env } })

/**
 * Builds the client bundle and applies D1 migrations and seed data to a local state directory,
 * printing one line a step (wrangler's tables go to the log file).
 */
/**
 * What `npm start` and `npm run dev` do before their worker: install, move onto the project's Node, write
 * `.dev.vars` when missing, migrate and seed `.wrangler/state`. Returns the port and state folder.
 */
export async function prepareLocalRun() {
  const port = Number(process.env.PORT ?? 8787)
  const persistTo = path.join(root, '.wrangler/state')
  ensureDependencies()
  await useProjectNode()
  ensureDevVars()
  prepareLocal({ persistTo })
  return { port, persistTo }
}

export function prepareLocal({ persistTo, buildClient = true }) {
  // A second worker started beside a running one (the browser tests' Cloudflare worker) skips the build:
  // rewriting the bundle under a worker that is serving it could answer a half-written file.
  if (buildClient) run(process.execPath, ['scripts/build-client.mjs'])
  const log = logFile('prepare')
  const where = path.relative(root, persistTo) || '.'
  const output = runLogged(
    process.execPath,
    [wranglerBin, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo],
    { env: { ...WRANGLER_ENV, CI: 'true' }, log },
  )
  const applied = /About to apply (\d+) migration/.exec(output)?.[1]
  console.log(applied ? `→ applied ${applied} D1 migrations (local, ${where})` : `→ D1 is up to date (local, ${where})`)
  // The seed's own line only: getPlatformProxy warns that the worker's Durable Object (the tag
  // generations) is not served by the proxy, which the seed never uses but reads like a failure. The
  // rest goes to the log, and is printed if the seed fails.
  const seeded = runLogged(process.execPath, ['scripts/seed.mjs', '--persist-to', persistTo], {
    env: { ...WRANGLER_ENV, WRANGLER_LOG: 'warn' },
    log,
  })
  for (const line of seeded.split('\n')) if (line.startsWith('→')) console.log(line)
}

/** wrangler dev lines that are noise to a person: the bindings table, notices, static files served. */
const NOISE = [
  /^Your Worker has access to the following bindings/,
  /^(Binding|env\.)\S*\s/,
  /^Using (secrets|vars) defined in/,
  /Your types might be out of date/,
  /^⎔ (Starting|Reloading)|^\[wrangler:info\] (✨|Ready on)/,
  /^\s*$/,
  /"(GET|HEAD) \/(assets|photos|fonts)\/|(GET|HEAD) \/(assets|photos|fonts)\/|(GET|HEAD) \/(favicon|robots)/,
]
/** What is always shown: errors (with the lines after them), and the local email files (README, "Notifications"). */
const ALWAYS = [/✘|\[ERROR\]|\[wrangler:error\]|^Error\b|Uncaught|^\[config\]|send_email binding called/]
/** Of those, the errors: they go to stderr (the browser tests' server shows only its stderr). */
const ERROR = /✘|\[ERROR\]|\[wrangler:error\]|^Error\b|Uncaught|^\[config\]/
/**
 * workerd's report of a client that went away mid-response (a browser navigating on, a test's aborted
 * fetch, a closed WebSocket): not the worker's failure, though printed as `✘ [ERROR] kj::… disconnected`.
 * The messages the vitest plugin drops for the same reason (its `ignoreMessages`); the log keeps them.
 */
const CLIENT_GONE =
  /disconnected: (::write\(.*\): Connection reset by peer|WebSocket peer disconnected|WebSocket was aborted|operation canceled|peer disconnected without gracefully ending TLS session)/

/**
 * Starts the worker in workerd through wrangler dev (React's production build unless `nodeEnv` says
 * otherwise). `quiet`: wrangler's whole output goes to .wrangler/logs/<logName>.log and the terminal
 * gets errors, the email-file lines and, once `ready()` is called, useful request logs.
 */
export function startWorker({
  port,
  persistTo,
  extraArgs = [],
  stdio = 'inherit',
  quiet = false,
  logName = 'wrangler-dev',
  nodeEnv = 'production',
}) {
  const origin = `http://127.0.0.1:${port}`
  const child = spawn(
    process.execPath,
    [
      wranglerBin,
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
    {
      cwd: root,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : stdio,
      env: { ...process.env, ...WRANGLER_ENV, NODE_ENV: nodeEnv },
    },
  )
  let live = false
  const log = quiet ? logFile(logName) : null
  if (log) {
    appendFileSync(log.file, `\n--- wrangler dev on ${origin}, ${new Date().toISOString()}\n`)
    // Lines still to show after an error (up to its blank line) or the email line (its file path).
    let follow = 0
    let toStderr = false
    // After a client-gone message: its blank lines and workerd's stack line, to the log only.
    let gone = false
    const show = (line) => {
      appendFileSync(log.file, `${line}\n`)
      const plain = stripVTControlCharacters(line)
      if (CLIENT_GONE.test(plain)) {
        gone = true
        follow = 0
        return
      }
      if (gone && (plain.trim() === '' || /^\s+stack:/.test(plain))) return
      gone = false
      if (ALWAYS.some((pattern) => pattern.test(plain))) {
        follow = /✘|\[ERROR\]/.test(plain) ? 50 : 1
        toStderr = ERROR.test(plain)
      } else if (follow > 0) follow = plain.trim() === '' ? 0 : follow - 1
      else if (!live || NOISE.some((pattern) => pattern.test(plain))) return
      else toStderr = false
      ;(toStderr ? console.error : console.log)(line)
    }
    for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', show)
  }
  return {
    child,
    origin,
    log: log?.shown,
    /** From now on request logs and the worker's own output reach the terminal. */
    ready: () => {
      live = true
    },
  }
}

/** A port free for a worker and for its inspector (startWorker takes port + 20000), from 9100–9899. */
export async function freePort() {
  const free = (candidate) =>
    new Promise((resolve) => {
      const server = net.createServer()
      server.once('error', () => resolve(false))
      server.listen(candidate, '127.0.0.1', () => server.close(() => resolve(true)))
    })
  for (;;) {
    const candidate = 9100 + Math.floor(Math.random() * 800)
    if ((await free(candidate)) && (await free(candidate + 20000))) return candidate
  }
}

/**
 * Waits until the worker answers a page (not just the port), up to two minutes: its response, or
 * null when it exited or never answered.
 */
export async function waitForWorker(origin, child) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline && child.exitCode === null) {
    // A long deadline: a first render can take seconds, and a request dropped halfway makes workerd log an
    // error that looks like a failure.
    const response = await fetch(`${origin}/terms`, { signal: AbortSignal.timeout(30_000) }).catch(() => null)
    if (response) return response
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return null
}
