// react-dom/server.node for the worker's bundle (wrangler.toml [alias]): the streaming renderer the worker
// uses (renderToPipeableStream, renderToReadableStream) without the legacy one (renderToString), which
// react-dom's own entry requires too and a CommonJS bundle cannot shake off (~105 KB, ~24 KB gzip). The
// files are named by path (react-dom's package exports do not list them); the build's NODE_ENV picks
// production or development exactly as react-dom's entry does. Tests (vite) resolve the real entry.
if (process.env.NODE_ENV === 'production') {
  module.exports = require('../../node_modules/react-dom/cjs/react-dom-server.node.production.js')
} else {
  module.exports = require('../../node_modules/react-dom/cjs/react-dom-server.node.development.js')
}
