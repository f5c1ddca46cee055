import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { credentialOf } from '../../src/client/islands/LoginRedirect'
import { failureOf } from '../../src/client/lib/api'
import { t } from '../../src/client/lib/messages'
import { clearSignIn, getItem, type KeyValueStorage, removeItem, setItem } from '../../src/client/lib/storage'
import { destinationAfterSignIn, safeNextPath } from '../../src/lib/builder/navigation'
import { islandText, loadBuilderMessages } from '../../src/lib/i18n'
import { messagesOf } from '../../src/lib/island-messages'
import { SOURCE_MESSAGES as MESSAGES } from '../fixtures/catalogue'

// The builder's messages, read from their asset as every builder request reads them (decision 094).
beforeAll(() => loadBuilderMessages(env.ASSETS))

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

describe('browser storage items', () => {
  it('sets, gets and removes userInfo, realtorInfo and realtorLoginBy under the spec names as JSON', () => {
    const storage = memoryStorage()
    setItem('userInfo', { id: 1, name: 'Jane' }, storage)
    setItem('realtorInfo', { id: 2 }, storage)
    setItem('realtorLoginBy', 'email', storage)
    expect([...storage.data.keys()]).toEqual(['userInfo', 'realtorInfo', 'realtorLoginBy'])
    expect(getItem('userInfo', storage)).toEqual({ id: 1, name: 'Jane' })
    expect(getItem('realtorLoginBy', storage)).toBe('email')
    removeItem('realtorInfo', storage)
    expect(getItem('realtorInfo', storage)).toBeNull()
    clearSignIn(storage)
    expect(storage.data.size).toBe(0)
  })

  it('treats unreadable JSON as missing and survives a storage that throws', () => {
    const storage = memoryStorage()
    storage.data.set('userInfo', '{broken')
    expect(getItem('userInfo', storage)).toBeNull()
    const full: KeyValueStorage = {
      ...storage,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    expect(() => setItem('userInfo', {}, full)).not.toThrow()
    expect(getItem('userInfo', null)).toBeNull()
  })
})

describe('where sign-in leads', () => {
  it('accepts only paths on this site as next', () => {
    expect(safeNextPath('/janekim/admin?x=1')).toBe('/janekim/admin?x=1')
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'admin', '/a\nb', '', null]) {
      expect(safeNextPath(bad)).toBeNull()
    }
  })

  it('goes to next, else to the admin console, which forwards a realtor to their editor', () => {
    expect(destinationAfterSignIn('/en/x/admin', { role: 'realtor' }, '/en')).toBe('/en/x/admin')
    expect(destinationAfterSignIn('//evil', { role: 'admin' }, '')).toBe('/admin')
    expect(destinationAfterSignIn(null, { role: 'realtor', desiredUrl: 'janekim' }, '/en')).toBe('/en/janekim/admin')
  })

  it('finds the one-time code in the fragment only; a credential in the query or a token makes the link invalid', () => {
    expect(credentialOf('?next=/x', '#code=abc_-1&x=1')).toEqual({ code: 'abc_-1' })
    // A link that would sign the browser in as whoever made it: never used.
    for (const search of ['?token=a.b', '?code=abc', '?access_token=a.b', '?next=/x&code=abc']) {
      expect(credentialOf(search, ''), search).toBe('invalid')
      expect(credentialOf(search, '#code=abc'), search).toBe('invalid')
    }
    expect(credentialOf('', '#access_token=c.d&x=1')).toBe('invalid')
    expect(credentialOf('?next=/x', '#token=e.f')).toBe('invalid')
    expect(credentialOf('', '')).toBe('missing')
    expect(credentialOf('?next=/x', '#code=')).toBe('missing')
  })
})

describe('island helpers', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(t({ k: 'ID {id} 리얼터 {x}' }, 'k', { id: 3 })).toBe('ID 3 리얼터 {x}')
    expect(t({}, 'missing.key')).toBe('missing.key')
  })

  it('turns an API error body into the server message and field errors', () => {
    const body = {
      error: {
        code: 'conflict',
        message: '입력값을 확인해 주세요.',
        fields: [{ path: 'desiredUrl', message: 'taken' }, { bad: 1 }],
      },
    }
    expect(failureOf(409, body, 'fallback')).toEqual({
      ok: false,
      status: 409,
      message: '입력값을 확인해 주세요.',
      fields: [{ path: 'desiredUrl', message: 'taken' }],
    })
    expect(failureOf(502, null, '502 Bad Gateway').message).toBe('502 Bad Gateway')
  })

  it('picks every builder message by the builder. prefix in ko and en, with the spec texts', () => {
    const ko = messagesOf('ko', ['builder.'])
    const en = messagesOf('en', ['builder.'])
    expect(Object.keys(ko).sort()).toEqual(Object.keys(en).sort())
    expect(Object.keys(ko).every((key) => key.startsWith('builder.'))).toBe(true)
    expect(ko['builder.created']).toBe('성공적으로 등록 되었습니다.')
    expect(ko['builder.updated']).toBe('성공적으로 수정 되었습니다.')
    expect(ko['builder.deleted']).toBe('성공적으로 삭제 되었습니다.')
    // Every one an island can format ({name} placeholders): a plural such as the server's unread count is not sent.
    const readable = Object.keys(MESSAGES.ko).filter(
      (key) => key.startsWith('builder.') && islandText('ko', key) !== null,
    )
    expect(readable).toHaveLength(Object.keys(ko).length)
    expect(ko['builder.nav.unread']).toBeUndefined()
  })
})
