// The phone library stays off public pages until a submit (issue 26, docs/decisions/064-phone-numbers.md):
// in the client build's chunk graph (.tmp/client-metafile.json, written by scripts/build-client.mjs, which
// `npm test` runs first), libphonenumber-js is reached by static imports only from the contact form's
// schema chunk (loaded on submit) and builder screens — never from the browser entry or a public island.
// esbuild keeps a static import of a chunk whose module is merely imported or re-exported, used or not, so
// a stray `import … from '../lib/format'` in an island would put it on every homepage.
// Run with `node --test 'test/node/*.test.mjs'` (a step of `npm test`).
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { it } from 'node:test'
import { root } from '../../scripts/lib.mjs'

/** Islands a visitor's page (landing, homepage, legal pages, sign-in) can render. */
const PUBLIC = [
  'src/client/main.ts',
  'src/client/islands/ContactForm.tsx',
  'src/client/islands/LeadRequest.tsx',
  'src/client/islands/AgentListings.tsx',
  'src/client/islands/CityHomes.tsx',
  'src/client/islands/RealtorCarousel.tsx',
  'src/client/islands/VideoEmbed.tsx',
  'src/client/islands/LanguageSwitcher.tsx',
  'src/client/islands/LoginForm.tsx',
]

function chunkGraph() {
  const file = path.join(root, '.tmp/client-metafile.json')
  assert.ok(existsSync(file), 'no client build: run `node scripts/build-client.mjs` first')
  const { outputs } = JSON.parse(readFileSync(file, 'utf8'))
  const holdsPhoneLibrary = (chunk) => Object.keys(outputs[chunk].inputs).some((i) => i.includes('libphonenumber-js'))
  /** Every chunk a chunk loads before it runs: its static imports, transitively. */
  const staticClosure = (chunk, seen = new Set()) => {
    if (seen.has(chunk)) return seen
    seen.add(chunk)
    for (const imported of outputs[chunk].imports ?? [])
      if (imported.kind === 'import-statement') staticClosure(imported.path, seen)
    return seen
  }
  const chunkOf = (module) => Object.keys(outputs).find((chunk) => outputs[chunk].inputs?.[module])
  return { holdsPhoneLibrary, staticClosure, chunkOf }
}

it('keeps libphonenumber-js out of every public island and the entry, and in the submit chunk', () => {
  const { holdsPhoneLibrary, staticClosure, chunkOf } = chunkGraph()
  for (const module of PUBLIC) {
    const chunk = chunkOf(module)
    assert.ok(chunk, `${module} is in no chunk`)
    const loaded = [...staticClosure(chunk)].filter(holdsPhoneLibrary)
    assert.deepEqual(loaded, [], `${module} loads the phone library before any submit`)
  }
  const submit = chunkOf('src/lib/contacts/schema.ts')
  assert.ok(submit && [...staticClosure(submit)].some(holdsPhoneLibrary), 'the contact schema chunk reads phones')
})
