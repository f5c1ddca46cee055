// Runs in Node before the workerd test pool: starts the misbehaving upstreams the fault tests use.
import type { TestProject } from 'vitest/node'
import { startFaultUpstreams } from './fault/upstream'

export default async function setup(project: TestProject) {
  const { origins, close } = await startFaultUpstreams()
  project.provide('faultOrigins', origins)
  return close
}

declare module 'vitest' {
  export interface ProvidedContext {
    faultOrigins: import('./fault/upstream').FaultOrigins
  }
}
