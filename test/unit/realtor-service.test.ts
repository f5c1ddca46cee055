import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { d1Store } from '../../src/lib/realtors/d1-store'
import { realtorCreateSchema } from '../../src/lib/realtors/schema'
import { realtorService } from '../../src/lib/realtors/service'

function serviceWithHook() {
  const written: number[] = []
  const service = realtorService(d1Store(env.DB), async (id) => {
    written.push(id)
  })
  return { service, written }
}

describe('realtorService: every write calls the purge hook once, after it succeeded', () => {
  it('create, update, replace and remove each report the realtor they wrote', async () => {
    const { service, written } = serviceWithHook()
    const created = await service.create(realtorCreateSchema.parse({ desiredUrl: 'hooked' }), null)
    await service.update(created.id, { salesCount: 5 })
    await service.replace(created.id, realtorCreateSchema.parse({ desiredUrl: 'hooked-again' }))
    await service.remove(created.id)
    expect(written).toEqual([created.id, created.id, created.id, created.id])
  })

  it('reports nothing when there was nothing to write', async () => {
    const { service, written } = serviceWithHook()
    expect(await service.update(9999, { salesCount: 1 })).toBeNull()
    expect(await service.replace(9999, realtorCreateSchema.parse({ desiredUrl: 'nobody' }))).toBeNull()
    expect(await service.remove(9999)).toBe(false)
    await expect(service.create(realtorCreateSchema.parse({ desiredUrl: 'janekim' }), null)).rejects.toThrow(
      /desiredUrl/,
    )
    expect(written).toEqual([])
  })
})
