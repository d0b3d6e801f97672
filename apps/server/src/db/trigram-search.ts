import { searchFold } from '@crm/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type ListSpec, likePattern, loosePattern } from './list-query.js';

/** An FTS5 phrase that matches `text` as written: its quotes doubled, no operator read in it. */
export function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * The search of a list whose search text has a trigram index (FTS5 on SQLite, pg_trgm on
 * PostgreSQL), matching it anywhere. On SQLite a search of three characters or more reads its
 * matches from the FTS5 table `fts`, whose rowids are the list's ids; on PostgreSQL, and below three
 * characters, the text is tested row by row (there pg_trgm's index serves that test).
 */
export function trigramSearch(columns: {
  id: string;
  text: string;
  fts: string;
  /**
   * The key `text` is generated from by folding it (a `*_fold` twin): tested first on SQLite
   * against the loose pattern, which every key folding to a match matches, it spares most rows the
   * fold.
   */
  key?: string;
}): Pick<ListSpec, 'searchCondition' | 'searchRowCondition' | 'indexedMatches'> {
  const like = (expr: string, q: string) =>
    sql<SqlBool>`${sql.raw(expr)} like ${likePattern(searchFold(q.trim()))} escape '\\'`;
  // Each row alone (SQLite): the key against the loose pattern first, which most rows fail.
  const rowCondition = (q: string) => {
    if (!columns.key) return like(columns.text, q);
    const loose = loosePattern(searchFold(q.trim()));
    return sql<SqlBool>`(${sql.raw(columns.key)} like ${loose} escape '\\' and ${like(columns.text, q)})`;
  };
  const matches = (q: string): RawBuilder<unknown> | undefined => {
    const needle = searchFold(q.trim());
    if ([...needle].length < 3) return undefined;
    return sql`select rowid from ${sql.raw(columns.fts)} where ${sql.raw(columns.fts)} match ${ftsPhrase(needle)}`;
  };
  return {
    searchCondition: (q, engine) => {
      if (engine === 'postgres') return like(columns.text, q);
      const found = matches(q);
      return found ? sql<SqlBool>`${sql.raw(columns.id)} in (${found})` : rowCondition(q);
    },
    searchRowCondition: rowCondition,
    indexedMatches: (query) => (query.q ? matches(query.q) : undefined),
  };
}
