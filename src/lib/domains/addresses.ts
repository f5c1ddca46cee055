// Whose homepage each domain of the admin console's list is: the homepages' addresses (`desiredUrl`) by id,
// in one query for a page of domains (docs/decisions/054-domain-screen.md).

/** desiredUrl by realtor id, for the ids given (at most a page: the list's limit). */
export async function desiredUrlsOf(db: D1Database, realtorIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(realtorIds)]
  if (ids.length === 0) return new Map()
  const { results } = await db
    .prepare(`SELECT id, desired_url FROM realtors WHERE id IN (${ids.map(() => '?').join(', ')})`)
    .bind(...ids)
    .all<{ id: number; desired_url: string }>()
  return new Map(results.map((row) => [row.id, row.desired_url]))
}
