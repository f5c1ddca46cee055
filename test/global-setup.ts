// Runs in Node before the workerd test pool: starts the misbehaving upstreams the fault tests use.
import type { TestProject } from 'vitest/node'
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
  return async () => {
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
  }
}
