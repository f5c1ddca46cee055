// The one rule of every search box of the product (the console, a realtor's inbox, the operator's leads):
// a term is a substring of a column, case-insensitive, every character literal. A term of 3+ characters is
// a phrase of an FTS5 trigram index; a shorter one has no trigram and is compared row by row with LIKE, whose
// pattern is then a few bytes (D1 refuses one over 50). docs/decisions/060-console-search-index.md and
// docs/decisions/078-contact-and-lead-search.md.

/** A trigram index finds terms of 3 characters (code points) or more; shorter ones are compared row by row. */
export const INDEXED_TERM_LENGTH = 3

/**
 * The term a search box's text stands for: trimmed, otherwise as typed (what is stored is found by any piece
 * of it). Null when it can match nothing: SQLite's text functions stop at a NUL and FTS5 refuses one, and no
 * stored text holds one.
 */
export function searchTerm(query: string): string | null {
  const term = query.trim()
  return term.includes('\u0000') ? null : term
}

/** Whether the trigram index can answer the term (else it is compared row by row with likePattern). */
export function isIndexed(term: string): boolean {
  return [...term].length >= INDEXED_TERM_LENGTH
}

/** The term as one FTS5 phrase: every character literal, a double quote doubled. */
export function phraseOf(term: string): string {
  return `"${term.replaceAll('"', '""')}"`
}

/**
 * `%`, `_` and the escape itself stand for themselves (with `ESCAPE '\'`). Only for terms the index cannot
 * answer: 1–2 characters make a pattern of at most 10 bytes, far under D1's 50.
 */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}
