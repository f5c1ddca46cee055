// The spec's browser storage items (docs/product.md §3, §4): userInfo, realtorInfo and realtorLoginBy under
// those names, with set/get/remove. The access token is never stored here: it lives in the HttpOnly
// session cookie, out of reach of scripts (docs/decisions/011-accounts-and-sessions.md).

export const STORAGE_KEYS = {
  userInfo: 'userInfo',
  realtorInfo: 'realtorInfo',
  realtorLoginBy: 'realtorLoginBy',
} as const

export type StorageItem = keyof typeof STORAGE_KEYS

/** The subset of the Web Storage API the helpers need (tests pass an in-memory one). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function defaultStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // Storage can be disabled (privacy modes): the helpers then do nothing.
    return null
  }
}

export function setItem(item: StorageItem, value: unknown, storage = defaultStorage()): void {
  try {
    storage?.setItem(STORAGE_KEYS[item], JSON.stringify(value))
  } catch {
    // A full or disabled storage loses only a convenience copy; the session is the source of truth.
  }
}

/** The stored JSON value, or null when it is missing or unreadable. */
export function getItem<T = unknown>(item: StorageItem, storage = defaultStorage()): T | null {
  const raw = storage?.getItem(STORAGE_KEYS[item])
  if (raw == null) return null
  try {
    return JSON.parse(raw) as T
  } catch {
    return null
  }
}

export function removeItem(item: StorageItem, storage = defaultStorage()): void {
  storage?.removeItem(STORAGE_KEYS[item])
}

/** Sign-out clears every item. */
export function clearSignIn(storage = defaultStorage()): void {
  for (const item of Object.keys(STORAGE_KEYS) as StorageItem[]) removeItem(item, storage)
}
