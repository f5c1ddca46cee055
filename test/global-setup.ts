// Runs in Node before the workerd test pool: starts the misbehaving upstreams the fault tests use.
import type { TestProject } from 'vitest/node'
import { startFakeAnalyticsEngine } from '../scripts/fakes/analytics-engine.mjs'
import { startFakeReso } from '../scripts/fakes/reso.mjs'
import { startFaultUpstreams } from './fault/upstream'
import { startFakeCloudflare } from './fixtures/fake-cloudflare'
import { startFakePush } from './fixtures/fake-push'

export default async function setup(project: TestProject) {
  const { origins, close } = await startFaultUpstreams()
  project.provide('faultOrigins', origins)
  // The loopback Cloudflare for SaaS API the custom domain tests drive the real client against.
  const cloudflare = await startFakeCloudflare()
  project.provide('cloudflareOrigin', cloudflare.origin)
  // The loopback Web Push service the push tests drive the real sender against.
  const push = await startFakePush()
  project.provide('pushOrigin', push.origin)
  // The loopback Analytics Engine the view tests write to and read back through the real SQL client
  // (docs/decisions/073): its vars point a worker's env at it.
  const analytics = await startFakeAnalyticsEngine()
  project.provide('analyticsVars', analytics.vars)
  // The loopback RESO Web API the replication tests drive the real client against (docs/decisions/093).
  const reso = await startFakeReso()
  project.provide('resoOrigin', reso.origin)
  return async () => {
    await reso.close()
    await analytics.close()
    await close()
    await cloudflare.close()
    await push.close()
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    faultOrigins: import('./fault/upstream').FaultOrigins
    cloudflareOrigin: string
    pushOrigin: string
    analyticsVars: import('../scripts/fakes/analytics-engine.mjs').FakeAnalyticsEngine['vars']
    resoOrigin: string
  }
}
