// Applies the D1 migrations to each test file's isolated database.
import { applyD1Migrations, type D1Migration, env } from 'cloudflare:test'

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
