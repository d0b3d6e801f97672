import { SEARCH_FOLDS } from '@crm/domain';
import type { Engine } from './dialect.js';

const PAIRS = Object.entries(SEARCH_FOLDS);

/** Each pair as SQL: nested replace() on SQLite, one translate() on PostgreSQL. */
function mapped(engine: Engine, expr: string, pairs: [string, string][]): string {
  if (engine === 'postgres') {
    const from = pairs.map(([letter]) => letter).join('');
    const to = pairs.map(([, twin]) => twin).join('');
    return `translate(${expr}, '${from}', '${to}')`;
  }
  return pairs.reduce((inner, [letter, twin]) => `replace(${inner}, '${letter}', '${twin}')`, expr);
}

/**
 * `searchFold` in SQL, for text stored by `foldCase` (already lower case): the sort keys keep ş, ğ,
 * ç, ö and ü so that they can sort in Turkish order, and a search folds them on the database's
 * side. Literals only, so that a generated column or an index over it is deterministic and
 * PostgreSQL recognises an indexed expression in a query. `expr` is trusted SQL from a repository
 * or a migration. Tests check that it folds as `searchFold` does, on both engines.
 */
export function searchFoldSql(engine: Engine, expr: string): string {
  return mapped(engine, expr, PAIRS);
}

/**
 * The same for text stored as written (users' names and e-mails): the Turkish letters of either
 * case first, İ and ı among them, then lower(), then ı again (PostgreSQL lowers I to ı under a
 * Turkish locale). SQLite's lower() lowers ASCII letters only, so other accented capitals keep their
 * case there; its trigram index and LIKE ignore case anyway.
 */
export function searchFoldCasedSql(engine: Engine, expr: string): string {
  const dotless: [string, string] = ['ı', 'i'];
  const pairs: [string, string][] = [
    ...PAIRS.flatMap(([letter, twin]): [string, string][] => [
      [letter, twin],
      [letter.toUpperCase(), twin],
    ]),
    ['İ', 'i'],
    dotless,
  ];
  return mapped(engine, `lower(${mapped(engine, expr, pairs)})`, [dotless]);
}
