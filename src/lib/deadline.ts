// A deadline for a promise nothing else bounds (a Durable Object call, the email binding's send).

/** Rejects when `promise` has not settled within `ms`; the work itself goes on, only the wait ends. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms)
  })
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer))
}
