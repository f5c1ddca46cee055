// zod as every schema of the product uses it, in the worker and in the browser. `jitless`: zod would
// otherwise probe for eval with `new Function('')` on first parse; the pages' CSP forbids eval, and
// Chromium reports the probe as a policy violation although zod catches the error.
import * as z from 'zod'

z.config({ jitless: true })

export { z }
