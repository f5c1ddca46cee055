// Guards for JSON from outside: keys that could pollute prototypes when a value is merged or copied,
// and nesting deeper than any of our documents has (walked without recursion, so no depth overflows
// the stack).

const HOSTILE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** Deeper than any document of the product (a realtor is about 4 levels deep). */
export const MAX_JSON_DEPTH = 32

export type JsonProblem = { kind: 'hostile_key'; path: string } | { kind: 'too_deep'; path: string }

/** The first hostile key or too-deep value in a JSON value, by its dotted path; null when there is none. */
export function jsonProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonProblem | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }]
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!
    if (current === null || typeof current !== 'object') continue
    if (path.length >= maxDepth) return { kind: 'too_deep', path: path.join('.') }
    const keys = Object.keys(current)
    for (const key of keys) if (HOSTILE_KEYS.has(key)) return { kind: 'hostile_key', path: [...path, key].join('.') }
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!
      stack.push({ value: (current as Record<string, unknown>)[key], path: [...path, key] })
    }
  }
  return null
}

/** The dotted path of the first hostile key anywhere in a JSON value, or null when there is none. */
export function findHostileKey(value: unknown): string | null {
  const problem = jsonProblem(value, Number.POSITIVE_INFINITY)
  return problem?.kind === 'hostile_key' ? problem.path : null
}
