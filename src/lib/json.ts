// Guards for JSON from outside: keys that could pollute prototypes when a value is merged or copied.

const HOSTILE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** The dotted path of the first hostile key anywhere in a JSON value, or null when there is none. */
export function findHostileKey(value: unknown, path: string[] = []): string | null {
  if (value === null || typeof value !== 'object') return null
  for (const key of Object.keys(value)) {
    if (HOSTILE_KEYS.has(key)) return [...path, key].join('.')
    const found = findHostileKey((value as Record<string, unknown>)[key], [...path, key])
    if (found !== null) return found
  }
  return null
}
