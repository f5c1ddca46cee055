// `npm run deploy`: the client build, the D1 migrations of the production database, then
// `wrangler deploy --env production` — the committed production environment, which carries no local
// default and no secret (docs/decisions/052). Extra arguments go to wrangler deploy
// (`npm run deploy -- --dry-run --outdir dist` builds without uploading or migrating).
// `npm run bench` measures the same command's bundle (DEPLOY_ARGS).
import { DEPLOY_ARGS, run, useProjectNode, wrangler } from './lib.mjs'

await useProjectNode()

const extra = process.argv.slice(2)
run(process.execPath, ['scripts/build-client.mjs'])
if (!extra.includes('--dry-run')) wrangler(['d1', 'migrations', 'apply', 'DB', '--remote', '--env', 'production'])
wrangler([...DEPLOY_ARGS, ...extra])
