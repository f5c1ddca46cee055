// The bindings of a local wrangler state directory (what `wrangler dev --persist-to` names) through
// wrangler's stable getPlatformProxy: the seed and the benches write the same local D1 and R2 the worker
// then serves. One place for how that directory maps to getPlatformProxy's options, and for wrangler.toml's
// worker as Miniflare options (the benches and the node tests run the deploy bundle in Miniflare).
import path from 'node:path'
import { getPlatformProxy, unstable_getMiniflareWorkerOptions } from 'wrangler'
import { root } from './lib.mjs'

/** Miniflare 5's one persistence root (resourcePersistencePath) for a wrangler --persist-to directory. */
export const persistRoot = (state) => path.join(state, 'v3')

/** getPlatformProxy on `state`; its persist path is the `v3` directory inside wrangler's --persist-to. */
export function localPlatform(state) {
  return getPlatformProxy({
    configPath: path.join(root, 'wrangler.toml'),
    persist: { path: persistRoot(state) },
    remoteBindings: false,
  })
}

/**
 * wrangler.toml's worker as Miniflare (v4-shaped) options for the deploy bundle, with its static assets
 * apart (`assets`, for the callers that serve them). No module rules: the bundle is one module, and
 * Miniflare 5's convertV4MiniflareOptions refuses them.
 */
export function bundleWorkerOptions() {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(root, 'wrangler.toml'))
  const { assets, modulesRules: _rules, ...worker } = workerOptions
  return { worker, assets }
}
