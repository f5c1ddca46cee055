// Every variable the worker reads is documented where an operator looks for it (issue 19): the vars of
// wrangler.toml and the secrets and optional vars of src/lib/config.ts each appear in .dev.vars.example
// (set, or commented out when unset by default) and in the README's configuration table.
// Run with `node --test 'test/node/*.test.mjs'` (a step of `npm test`).
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { it } from 'node:test'
import { unstable_readConfig } from 'wrangler'
import { root } from '../../scripts/lib.mjs'

const read = (file) => readFileSync(path.join(root, file), 'utf8')

function workerVariables() {
  const config = unstable_readConfig({ config: path.join(root, 'wrangler.toml') })
  const secrets = /export interface Secrets \{([^}]*)\}/.exec(read('src/lib/config.ts'))?.[1] ?? ''
  const declared = [...secrets.matchAll(/^\s+([A-Z][A-Z0-9_]+)\?:/gm)].map((match) => match[1])
  return [...new Set([...Object.keys(config.vars), ...declared])]
}

it('lists every variable the worker reads in .dev.vars.example and the README', () => {
  const names = workerVariables()
  assert.ok(names.includes('SESSION_SECRET') && names.includes('PROVIDER_HOSTS'), names.join(', '))
  const example = read('.dev.vars.example')
  const readme = read('README.md')
  const listed = (text, name) => new RegExp(`^#? ?${name}=`, 'm').test(text)
  assert.deepEqual(
    names.filter((name) => !listed(example, name)),
    [],
    'missing in .dev.vars.example',
  )
  assert.deepEqual(
    names.filter((name) => !readme.includes(`\`${name}\``)),
    [],
    'missing in the README',
  )
  // The scripts' own variables the issue names.
  assert.ok(listed(example, 'CHROME_PATH') && readme.includes('`CHROME_PATH`'))
})
