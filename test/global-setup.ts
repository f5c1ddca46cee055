// Runs in Node before the workerd test pool: starts the misbehaving upstreams the fault tests use.
import type { TestProject } from 'vitest/node'
import { startFaultUpstreams } from './fault/upstream'
import { startFakeCloudflare } from './fixtures/fake-cloudflare'

export default async function setup(project: TestProject) {
  const { origins, close } = await startFaultUpstreams()
  project.provide('faultOrigins', origins)
  // The loopback Cloudflare for SaaS API the custom domain tests drive the real client against.
  const cloudflare = await startFakeCloudflare()
  project.provide('cloudflareOrigin', cloudflare.origin)
  return async () => {
    await close()
    await cloudflare.close()
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    faultOrigins: import('./fault/upstream').FaultOrigins
    cloudflareOrigin: string
  }
}
