// Splits a SQL script into its statements, for D1 batches (D1's exec() splits on lines instead,
// which breaks statements that span lines). Semicolons in string literals, quoted identifiers and
// comments do not end a statement.

/** @param {string} sql @returns {string[]} */
export function splitSql(sql) {
  const statements = []
  let current = ''
  let quote = null
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i]
    if (quote) {
      current += ch
      if (ch === quote) quote = null // a doubled quote closes and reopens: same result
      continue
    }
    if (ch === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i)
      i = end === -1 ? sql.length : end
      current += '\n'
      continue
    }
    if (ch === "'" || ch === '"') quote = ch
    if (ch === ';') {
      if (current.trim()) statements.push(current.trim())
      current = ''
      continue
    }
    current += ch
  }
  if (current.trim()) statements.push(current.trim())
  return statements
}
