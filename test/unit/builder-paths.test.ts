// The one list of the builder's pages (src/lib/builder/paths.ts): whole segments only.
import { describe, expect, it } from 'vitest'
import { BUILDER_PATHS, isBuilderPath } from '../../src/lib/builder/paths'

describe('isBuilderPath', () => {
  it('is every page under a builder root, and no look-alike', () => {
    for (const path of [...BUILDER_PATHS, '/admin/', '/admin/inbox/7', '/login/redirect', '/agreement/'])
      expect(isBuilderPath(path), path).toBe(true)
    for (const path of ['/', '/administrator', '/loginpark', '/agreements', '/terms', '/en/admin', '/logout'])
      expect(isBuilderPath(path), path).toBe(false)
  })
})
