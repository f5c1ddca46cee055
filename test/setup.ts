// Applies the D1 migrations to each test file's isolated database and stores the fixture realtors.
import { applyD1Migrations, type D1Migration, env } from 'cloudflare:test'
import { seedFixtureRealtors } from './fixtures/realtors'

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[]
      SESSION_SECRET: string
      FUZZ_RUNS: string
    }
  }
}

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
if (!(await env.DB.prepare('SELECT 1 FROM realtors LIMIT 1').first())) await seedFixtureRealtors(env.DB)
