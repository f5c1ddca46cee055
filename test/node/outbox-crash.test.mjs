// A SIGKILL in the middle of a burst (issue 29, finding 14; docs/decisions/089-claim-lease-and-crash-window.md),
// as the attack run did it: the worker under `wrangler dev` forwards contacts to a loopback webhook that takes
// each post at once and answers after SLOW_MS. Six contacts are delivered; six more are posted and, while the
// webhook holds their answers, workerd and wrangler are killed. A new worker on the same local D1 runs the
// cron: before the claims' lease (UPSTREAM_TIMEOUT_MS + 2 s from the start of sending) it re-sends nothing;
// after it, each of the six in flight once more, with the same Idempotency-Key, and none of the six
// delivered; another pass sends nothing.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import { after, before, it } from 'node:test'
import { freePort, prepareLocal, root, startWorker, waitForWorker } from '../../scripts/lib.mjs'

/** How long the webhook keeps an answer: the killed worker's posts are in flight for this long. */
const SLOW_MS = 3_000
/** The deadline the workers run with, long enough that a restart happens well inside the lease. */
const UPSTREAM_TIMEOUT_MS = 20_000
/** src/lib/outbox/retry.ts: the claim's lease, the deadline and SETTLE_MARGIN_MS. */
const LEASE_MS = UPSTREAM_TIMEOUT_MS + 2_000
const BATCH = 6

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

mkdirSync(path.join(root, '.tmp'), { recursive: true })
const state = mkdtempSync(path.join(root, '.tmp', 'outbox-crash-'))
const workers = []
/** Posts the webhook got: their Idempotency-Key, and whether it answered them. */
const posts = []
let slow = true
let webhook

async function start() {
  const port = await freePort()
  const worker = startWorker({
    port,
    persistTo: state,
    quiet: true,
    logName: `outbox-crash-${port}`,
    extraArgs: [
      '--env-file',
      '.dev.vars.example',
      '--test-scheduled',
      '--var',
      `CONTACT_WEBHOOK_URL:${webhook.url}`,
      '--var',
      `UPSTREAM_TIMEOUT_MS:${UPSTREAM_TIMEOUT_MS}`,
    ],
  })
  workers.push(worker)
  const ready = await waitForWorker(worker.origin, worker.child)
  assert.equal(ready?.status, 200, `the worker did not start; its output: ${worker.log}`)
  return worker
}

/** The process and every process under it (wrangler runs workerd as its child), deepest first. */
function tree(pid) {
  let listed = ''
  try {
    listed = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
  } catch {
    // ps exits 1 when the process has no children.
  }
  const children = listed
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0)
  return [...children.flatMap(tree), pid]
}

function postContact(origin, index) {
  return fetch(`${origin}/v1/realtor-contacts`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': 'ko',
      // Each from an address of its own: the contact budget is per address.
      'cf-connecting-ip': `198.18.7.${index + 1}`,
    },
    body: JSON.stringify({
      realtorId: 1,
      lastName: '김',
      firstName: `충돌${index}`,
      email: 'crash@example.com',
      phone: '010-1234-5678',
      phoneCountryCode: 'KR',
      message: '강제 종료 시험입니다.',
      isTerm: 'Y',
    }),
  })
}

async function until(done, what, ms = 30_000) {
  const deadline = Date.now() + ms
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(50)
  }
}

const countByKey = (keys) => {
  const counts = {}
  for (const key of keys) counts[key] = (counts[key] ?? 0) + 1
  return counts
}

before(async () => {
  const server = createServer((req, res) => {
    const post = { key: String(req.headers['idempotency-key'] ?? ''), answered: false }
    posts.push(post)
    req.resume()
    req.on('end', () =>
      setTimeout(
        () => {
          post.answered = true
          res.writeHead(200).end('ok')
        },
        slow ? SLOW_MS : 0,
      ),
    )
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  webhook = { url: `http://127.0.0.1:${server.address().port}/hook`, close: () => server.close() }
  prepareLocal({ persistTo: state, buildClient: !existsSync(path.join(root, 'src/generated/assets.ts')) })
})

after(async () => {
  for (const worker of workers) {
    if (worker.child.exitCode !== null || worker.child.signalCode !== null) continue
    const exited = new Promise((resolve) => worker.child.once('exit', resolve))
    worker.child.kill('SIGINT')
    await Promise.race([exited, sleep(10_000)])
  }
  webhook?.close()
  rmSync(state, { recursive: true, force: true })
})

it('re-sends only the posts in flight at the kill, once each, after the lease and not before', async () => {
  const first = await start()
  for (let index = 0; index < BATCH; index++) assert.equal((await postContact(first.origin, index)).status, 201)
  await until(() => posts.length === BATCH && posts.every((post) => post.answered), 'the first six delivered')
  // Answered is marked at once; a moment for the marks to be written.
  await sleep(500)
  const delivered = posts.map((post) => post.key)

  for (let index = BATCH; index < 2 * BATCH; index++) assert.equal((await postContact(first.origin, index)).status, 201)
  await until(() => posts.length === 2 * BATCH, 'the second six to reach the webhook')
  const inFlight = posts.slice(BATCH).map((post) => post.key)
  assert.ok(
    posts.slice(BATCH).every((post) => !post.answered),
    'the second six are still waiting for their answers',
  )
  const killedAt = Date.now()
  for (const pid of tree(first.child.pid)) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {}
  }
  await new Promise((resolve) =>
    first.child.exitCode !== null || first.child.signalCode ? resolve() : first.child.once('exit', resolve),
  )

  slow = false
  const second = await start()
  const cron = async () => {
    const before = posts.length
    const response = await fetch(`${second.origin}/__scheduled?cron=*/5+*+*+*+*`)
    assert.equal(response.status, 200)
    // The pass runs in waitUntil: give its posts time to arrive, then take what came.
    await sleep(3_000)
    return posts.slice(before).map((post) => post.key)
  }

  assert.ok(Date.now() - killedAt < LEASE_MS - 5_000, 'the new worker started well inside the lease')
  assert.deepEqual(await cron(), [], 'inside the lease the dead worker’s claims hold: nothing is sent again')

  await sleep(Math.max(0, killedAt + LEASE_MS + 1_000 - Date.now()))
  const resent = await cron()
  assert.deepEqual(countByKey(resent), countByKey(inFlight), 'past the lease, each post in flight once more')
  assert.ok(!resent.some((key) => delivered.includes(key)), 'nothing that was delivered is sent again')

  assert.deepEqual(await cron(), [], 'a later pass sends nothing')
  assert.deepEqual(Object.values(countByKey(posts.map((post) => post.key))).sort(), [
    ...Array(BATCH).fill(1),
    ...Array(BATCH).fill(2),
  ])
})
