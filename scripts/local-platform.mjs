// The bindings of a local wrangler state directory (what `wrangler dev --persist-to` names) through
// wrangler's stable getPlatformProxy: the seed and the benches write the same local D1 and R2 the worker
// then serves. One place for how that directory maps to getPlatformProxy's options.
import path from 'node:path'
import { getPlatformProxy } from 'wrangler'
import { root } from './lib.mjs'

/** getPlatformProxy on `state`; its persist path is the `v3` directory inside wrangler's --persist-to. */
export function localPlatform(state) {
  return getPlatformProxy({
    configPath: path.join(root, 'wrangler.toml'),
    persist: { path: path.join(state, 'v3') },
    remoteBindings: false,
  })
}
