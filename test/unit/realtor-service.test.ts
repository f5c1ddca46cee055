import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { d1Store } from '../../src/lib/realtors/d1-store'
import { realtorCreateSchema } from '../../src/lib/realtors/schema'
import { BusyProfileError, realtorService, StaleProfileError, WRITE_ATTEMPTS } from '../../src/lib/realtors/service'

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

describe('realtorService: a write applies to the version it was made from (decision 082)', () => {
  it('makes a patch again on the newer version when another write came first, keeping that write', async () => {
    const store = d1Store(env.DB)
    const { service, written } = serviceWithHook()
    const created = await service.create(realtorCreateSchema.parse({ desiredUrl: 'raced' }), null)
    let raced = false
    // Another session's save lands between this write's read and its write, once.
    const racing = {
      ...store,
      async replace(...args: Parameters<typeof store.replace>) {
        if (!raced) {
          raced = true
          await store.replace(created.id, { ...realtorCreateSchema.parse({ desiredUrl: 'raced' }), aboutMeEn: 'other' })
        }
        return store.replace(...args)
      },
    }
    const updated = await realtorService(racing, async () => {}).update(created.id, { licenseNumber: 'L-1' })
    expect(updated).toMatchObject({ aboutMeEn: 'other', licenseNumber: 'L-1' })
    expect(written).toEqual([created.id])
  })

  it('refuses a write whose precondition the stored profile fails, writing nothing', async () => {
    const { service, written } = serviceWithHook()
    const created = await service.create(realtorCreateSchema.parse({ desiredUrl: 'guarded' }), null)
    const error = await service
      .update(created.id, { salesCount: 9 }, { precondition: () => false })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StaleProfileError)
    expect((error as StaleProfileError).current).toMatchObject({ id: created.id, salesCount: 0 })
    expect(await d1Store(env.DB).find(String(created.id))).toMatchObject({ salesCount: 0 })
    expect(written).toEqual([created.id])
  })

  it('gives up, writing nothing, when the profile changes under every try', async () => {
    const store = d1Store(env.DB)
    const created = await store.insert(realtorCreateSchema.parse({ desiredUrl: 'churning' }), null)
    let tries = 0
    const churning = {
      ...store,
      async replace() {
        tries++
        return null
      },
    }
    const written: number[] = []
    const service = realtorService(churning, async (id) => {
      written.push(id)
    })
    await expect(service.update(created.id, { salesCount: 3 })).rejects.toBeInstanceOf(BusyProfileError)
    expect(tries).toBe(WRITE_ATTEMPTS)
    expect(written).toEqual([])
  })
})
