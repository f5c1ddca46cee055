// The Durable Object that holds every cache tag's generation (docs/decisions/055-tag-generations.md).
// A Durable Object is strongly consistent: a bump that returned is what the next read sees, from any
// isolate anywhere, which KV (eventually consistent, 60 s or more) could not promise. One SQLite table,
// tag → generation; each call reads or bumps any number of tags in one round trip.
import { DurableObject } from 'cloudflare:workers'

/** What one call may name: a revalidation names an entry's few tags, a bump a write's. */
export const MAX_TAGS = 500
const MAX_TAG_LENGTH = 200
const MAX_GENERATION_LENGTH = 64

function checkedTags(tags: unknown): string[] {
  if (!Array.isArray(tags) || tags.length > MAX_TAGS) throw new TypeError(`tags must be at most ${MAX_TAGS} strings`)
  for (const tag of tags) {
    if (typeof tag !== 'string' || tag.length === 0 || tag.length > MAX_TAG_LENGTH)
      throw new TypeError(`each tag must be a string of 1 to ${MAX_TAG_LENGTH} characters`)
  }
  return tags
}

export class TagGenerations extends DurableObject {
  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env)
    ctx.storage.sql.exec(
      'CREATE TABLE IF NOT EXISTS generations (tag TEXT PRIMARY KEY, generation TEXT NOT NULL) WITHOUT ROWID',
    )
  }

  /** The current generation of each tag, in order: '0' for a tag never bumped. */
  get(tags: string[]): string[] {
    const list = checkedTags(tags)
    if (list.length === 0) return []
    // One bound parameter whatever the count (a Durable Object's SQL takes at most 100 per statement).
    const rows = this.ctx.storage.sql
      .exec<{ tag: string; generation: string }>(
        'SELECT tag, generation FROM generations WHERE tag IN (SELECT value FROM json_each(?))',
        JSON.stringify(list),
      )
      .toArray()
    const current = new Map(rows.map((row) => [row.tag, row.generation]))
    return list.map((tag) => current.get(tag) ?? '0')
  }

  /** Moves every tag to `generation` (the caller's, so its KV copy holds the same value) and returns it. */
  bump(tags: string[], generation: string): string {
    const list = checkedTags(tags)
    if (typeof generation !== 'string' || !generation || generation.length > MAX_GENERATION_LENGTH)
      throw new TypeError('generation must be a short string')
    // The statements of one call commit together (the object's implicit transaction).
    for (const tag of new Set(list)) {
      this.ctx.storage.sql.exec(
        'INSERT INTO generations (tag, generation) VALUES (?, ?) ON CONFLICT (tag) DO UPDATE SET generation = excluded.generation',
        tag,
        generation,
      )
    }
    return generation
  }
}
