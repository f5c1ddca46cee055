// The Durable Object that logs cache tag changes (docs/decisions/076-cost-flat-caching.md; it began as
// decision 055's generations). A Durable Object is strongly consistent: a bump that returned is in the
// next answer, from any isolate anywhere. One SQLite table, tag → the sequence number of its last change;
// an isolate asks "what changed after n" at most once per interval (src/lib/cache.ts), so the object's
// load is one call per isolate per interval, not one per request or per cached entry.
import { DurableObject } from 'cloudflare:workers'

/** What one bump may name (a write names a few). */
export const MAX_TAGS = 500
/** What one answer lists at most; past it the isolate drops everything (a burst of writes between its checks). */
export const MAX_CHANGES = 1_000
const MAX_TAG_LENGTH = 200

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
    const { sql } = ctx.storage
    // A log made before it kept times (a development build of issue 28) is dropped and begun again: every
    // isolate's next answer then says `tags: null` (its cursor is past the new log's), and it drops everything.
    const columns = sql.exec<{ name: string }>("SELECT name FROM pragma_table_info('tag_changes')").toArray()
    if (columns.length > 0 && !columns.some((column) => column.name === 'at')) sql.exec('DROP TABLE tag_changes')
    sql.exec(
      'CREATE TABLE IF NOT EXISTS tag_changes (tag TEXT PRIMARY KEY, seq INTEGER NOT NULL, at INTEGER NOT NULL) WITHOUT ROWID',
    )
    sql.exec('CREATE INDEX IF NOT EXISTS tag_changes_by_seq ON tag_changes (seq)')
    sql.exec('CREATE INDEX IF NOT EXISTS tag_changes_by_time ON tag_changes (at)')
    // Decision 055's table (tag → generation string), which nothing reads any more.
    sql.exec('DROP TABLE IF EXISTS generations')
  }

  private latest(): number {
    return this.ctx.storage.sql.exec<{ seq: number | null }>('SELECT MAX(seq) AS seq FROM tag_changes').one().seq ?? 0
  }

  /**
   * The tags changed after `cursor` and the cursor now. Without a cursor (an isolate's first question) the
   * tags changed after `afterMs` (Unix ms, this object's clock): what the isolate may have cached before
   * it knew a cursor. A cursor the log has not reached (its storage was reset) or more than MAX_CHANGES
   * changes answer `tags: null`: drop everything.
   */
  since(cursor: number | null, afterMs = 0): { cursor: number; tags: string[] | null } {
    const latest = this.latest()
    if (cursor === latest) return { cursor: latest, tags: [] }
    if (cursor !== null && (!Number.isSafeInteger(cursor) || cursor > latest)) return { cursor: latest, tags: null }
    const rows = (
      cursor === null
        ? this.ctx.storage.sql.exec<{ tag: string }>(
            'SELECT tag FROM tag_changes WHERE at > ? LIMIT ?',
            Number.isFinite(afterMs) ? afterMs : 0,
            MAX_CHANGES + 1,
          )
        : this.ctx.storage.sql.exec<{ tag: string }>(
            'SELECT tag FROM tag_changes WHERE seq > ? LIMIT ?',
            cursor,
            MAX_CHANGES + 1,
          )
    ).toArray()
    return { cursor: latest, tags: rows.length > MAX_CHANGES ? null : rows.map((row) => row.tag) }
  }

  /** Records one change of every tag (one sequence number for the write); returns it. */
  bump(tags: string[]): number {
    const list = checkedTags(tags)
    const seq = this.latest() + 1
    // The statements of one call commit together (the object's implicit transaction).
    for (const tag of new Set(list)) {
      this.ctx.storage.sql.exec(
        'INSERT INTO tag_changes (tag, seq, at) VALUES (?, ?, ?) ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq, at = excluded.at',
        tag,
        seq,
        Date.now(),
      )
    }
    return seq
  }
}
