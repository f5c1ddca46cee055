// zod as every schema of the product uses it, in the worker and in the browser: import it as
// `import * as z from './zod'`. `jitless`: zod would otherwise probe for eval with `new Function('')`
// on first parse; the pages' CSP forbids eval, and Chromium reports the probe as a policy violation
// although zod catches the error. The names are re-exported, never zod's namespace object: a namespace
// passed on as a value keeps all of zod in the bundle (every locale, JSON Schema conversion), ~380 KB
// of the worker.
import { config } from 'zod'

config({ jitless: true })

export * from 'zod'
