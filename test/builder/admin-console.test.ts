// The admin console's calls (src/client/admin/account-actions.ts): the list's pages and the delete,
// restore and reset of an account row, as the browser sends them (issue 17's lifecycle API: DELETE
// /v1/realtor/{id} with the typed address, POST /v1/realtor/{id}/restore).
import { describe, expect, it } from 'vitest'
import {
  addressMatches,
  afterDelete,
  afterRelease,
  afterRestore,
  consoleUrl,
  deleteCall,
  invitationCall,
  listCall,
  releaseCall,
  resetCall,
  restoreCall,
} from '../../src/client/admin/account-actions'
import type { AccountSummary } from '../../src/lib/accounts/list'

const ROW: AccountSummary = {
  key: 'a12',
  accountId: 12,
  role: 'realtor',
  name: 'Minjun Kim',
  email: 'minjun@realtor.local',
  realtorId: 34,
  desiredUrl: 'minjun-kim',
  koreanName: '김민준',
  cities: 'Irvine',
  published: true,
  deletedAt: null,
  heldAddresses: [],
  invitation: null,
}

describe('the admin console’s calls', () => {
  it('deletes a homepage only once its address is typed, sending the address', () => {
    expect(deleteCall(ROW, '')).toBeNull()
    expect(deleteCall(ROW, 'minjun')).toBeNull()
    expect(deleteCall(ROW, 'minjun-kim-x')).toBeNull()
    for (const typed of ['minjun-kim', ' Minjun-Kim ']) {
      expect(addressMatches(ROW, typed)).toBe(true)
      expect(deleteCall(ROW, typed)).toEqual({
        path: '/v1/realtor/34',
        method: 'DELETE',
        json: { address: 'minjun-kim' },
      })
    }
    expect(deleteCall({ realtorId: null, desiredUrl: null }, '')).toBeNull()
  })

  it('restores by POST to the realtor’s restore, and the row follows each change', () => {
    expect(restoreCall(ROW)).toEqual({ path: '/v1/realtor/34/restore', method: 'POST', json: {} })
    expect(restoreCall({ realtorId: null })).toBeNull()
    const deleted = afterDelete(ROW, new Date('2026-11-23T10:00:00Z'))
    expect(deleted).toMatchObject({ published: false, deletedAt: '2026-11-23T10:00:00.000Z' })
    expect(afterRestore(deleted)).toMatchObject({ published: false, deletedAt: null })
  })

  it('releases a held address by DELETE under the realtor, and the row drops it', () => {
    const held = {
      ...ROW,
      heldAddresses: [1, 2].map((n) => ({ address: `old-${'ab'[n - 1]}`, retiredAt: '', heldUntil: '' })),
    }
    expect(releaseCall(held, 'old-a')).toEqual({ path: '/v1/realtor/34/addresses/old-a', method: 'DELETE' })
    expect(releaseCall(held, 'a/b?c')?.path).toBe('/v1/realtor/34/addresses/a%2Fb%3Fc')
    expect(releaseCall({ realtorId: null }, 'old-a')).toBeNull()
    expect(afterRelease(held, 'old-a').heldAddresses.map((entry) => entry.address)).toEqual(['old-b'])
  })

  it('resets only realtor accounts', () => {
    expect(resetCall(ROW)).toEqual({ path: '/v1/accounts/12/password-reset', method: 'POST' })
    expect(resetCall({ accountId: 1, role: 'admin' })).toBeNull()
    expect(resetCall({ accountId: null, role: null })).toBeNull()
  })

  it('asks for pages by search and cursor, and keeps the search in the address', () => {
    expect(listCall('')).toEqual({ path: '/v1/accounts?limit=50', method: 'GET' })
    expect(listCall(' 김 ', 'a120').path).toBe(`/v1/accounts?q=${encodeURIComponent('김')}&after=a120&limit=50`)
    expect(consoleUrl('/en/admin', '김')).toBe(`/en/admin?q=${encodeURIComponent('김')}`)
    expect(consoleUrl('/admin', '  ')).toBe('/admin')
  })
})

describe('the invitation’s calls', () => {
  it('resends with a POST and withdraws with a DELETE, only for an account with an invitation', () => {
    const invited = { ...ROW, invitation: { state: 'invited' as const, expiresAt: 1, locale: 'ko' as const } }
    expect(invitationCall(invited, true)).toEqual({ path: '/v1/accounts/12/invitation', method: 'POST' })
    expect(invitationCall(invited, false)).toEqual({ path: '/v1/accounts/12/invitation', method: 'DELETE' })
    expect(invitationCall(ROW, true)).toBeNull()
    expect(invitationCall({ ...invited, accountId: null }, false)).toBeNull()
  })
})
