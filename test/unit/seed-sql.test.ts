import { describe, expect, it } from 'vitest'
import { splitSql } from '../../scripts/sql.mjs'
import seedSql from '../../seed/0001_realtors.sql?raw'

describe('splitSql (scripts/seed.mjs)', () => {
  it('splits on semicolons outside literals, identifiers and comments', () => {
    const sql = `-- a comment; with a semicolon and don't
INSERT INTO t (a, "b;c") VALUES ('x; y', 'it''s');
INSERT INTO t VALUES (1); -- trailing; comment's
UPDATE t
  SET a = 'multi
line;'`
    expect(splitSql(sql)).toEqual([
      `INSERT INTO t (a, "b;c") VALUES ('x; y', 'it''s')`,
      'INSERT INTO t VALUES (1)',
      `UPDATE t\n  SET a = 'multi\nline;'`,
    ])
  })

  it('finds the 20 statements of the realtor seed', () => {
    expect(splitSql(seedSql)).toHaveLength(20)
  })
})
