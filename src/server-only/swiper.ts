// What the worker's bundle gets for `swiper` (wrangler.toml [alias]): the carousel island builds its
// Swiper in an effect, which never runs on the server, so the worker need not carry Swiper's ~170 KB of
// source. The browser's build (scripts/build-client.mjs) bundles the real package.
export default class Swiper {
  constructor() {
    throw new Error('Swiper runs in the browser only')
  }
}
