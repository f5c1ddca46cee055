// `npm run deploy`: the client build, the D1 migrations of the production database, then
// `wrangler deploy --env production` — the committed production environment, which carries no local
// default and no secret (docs/decisions/052). `npm run deploy:staging` (`--staging`) does the same for
// wrangler.toml's top level, the staging worker, with its own database. Extra arguments go to wrangler
// deploy (`npm run deploy -- --dry-run --outdir dist` builds without uploading or migrating).
// `npm run bench` measures the production command's bundle (DEPLOY_ARGS).
import { DEPLOY_ARGS, run, useProjectNode, wrangler } from './lib.mjs'

await useProjectNode()

const args = process.argv.slice(2)
const staging = args.includes('--staging')
const extra = args.filter((arg) => arg !== '--staging')
// The top level is what a bare `wrangler deploy` reads: no --env at all.
const environment = staging ? [] : ['--env', 'production']
run(process.execPath, ['scripts/build-client.mjs'])
if (!extra.includes('--dry-run')) wrangler(['d1', 'migrations', 'apply', 'DB', '--remote', ...environment])
wrangler([...(staging ? ['deploy'] : DEPLOY_ARGS), ...extra])
