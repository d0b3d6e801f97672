import { searchFold } from '@crm/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type ListSpec, likePattern } from './list-query.js';

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
}): Pick<ListSpec, 'searchCondition' | 'searchRowCondition' | 'indexedMatches'> {
  const rowCondition = (q: string) =>
    sql<SqlBool>`${sql.raw(columns.text)} like ${likePattern(searchFold(q.trim()))} escape '\\'`;
  const matches = (q: string): RawBuilder<unknown> | undefined => {
    const needle = searchFold(q.trim());
    if ([...needle].length < 3) return undefined;
    return sql`select rowid from ${sql.raw(columns.fts)} where ${sql.raw(columns.fts)} match ${ftsPhrase(needle)}`;
  };
  return {
    searchCondition: (q, engine) => {
      const found = engine === 'sqlite' ? matches(q) : undefined;
      return found ? sql<SqlBool>`${sql.raw(columns.id)} in (${found})` : rowCondition(q);
    },
    searchRowCondition: rowCondition,
    indexedMatches: (query) => (query.q ? matches(query.q) : undefined),
  };
}
