/*
 * What a submission is found by in the review. Registration writes `search_text`, lower-cased by
 * the server itself in any script, and the review's search is folded alike, so one LIKE finds a
 * name on SQLite and PostgreSQL.
 */

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/** What a submission is found by: its artist's name and e-mail, and its reference. */
export function searchTextOf(entry: { fullName: string; email: string; reference: string }) {
  return fold(`${entry.fullName}\n${entry.email}\n${entry.reference}`);
}

/** The character that makes the next one literal in `searchPattern`'s LIKE. */
export const LIKE_ESCAPE = '\\';

/** A LIKE pattern finding `query` anywhere, its `%`, `_` and `\` taken literally. */
export function searchPattern(query: string): string {
  // A line break (the separator of the fields) or other control character reads as a space, so
  // no search spans two fields.
  const typed = query.replace(/\p{Cc}/gu, ' ').trim();
  const literal = fold(typed).replace(/[\\%_]/g, (c) => `${LIKE_ESCAPE}${c}`);
  return `%${literal}%`;
}
