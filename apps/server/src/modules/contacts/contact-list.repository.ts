import type { ContactType, ListQuery } from '@crm/domain';
import { searchFold } from '@crm/domain';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Engine } from '../../db/dialect.js';
import { listPage } from '../../db/list-page.js';
import {
  type ListSpec,
  likePattern,
  listConditions,
  loosePattern,
  narrowsByTrigrams,
} from '../../db/list-query.js';
import type { ListSource } from '../../db/list-stream.js';
import { searchFoldSql } from '../../db/search-fold.js';
import { ftsPhrase } from '../../db/trigram-search.js';
import { contactListColumns, contactsJoined } from './contacts.repository.js';

export type ContactListRecord = Awaited<ReturnType<typeof listContacts>>['rows'][number];

/**
 * Search matches name with surname, e-mail, phone and agency name. Three or more characters use
 * the trigram index (FTS5 on SQLite, pg_trgm on PostgreSQL) and match anywhere. One or two
 * characters match the start of a word of the name, of the e-mail or of the phone digits
 * (`contacts_prefix`, migration 0008): a substring of two letters is in most of a million rows.
 */
function searchCondition(q: string, engine: Engine): Expression<SqlBool> {
  const needle = searchFold(q.trim());
  if (engine === 'sqlite') return sql<SqlBool>`contacts.id in (${searchMatches(q)})`;
  if ([...needle].length < 3) return prefixCondition(needle);
  return sql<SqlBool>`contacts.search_text like ${likePattern(needle)} escape '\\'`;
}

/** Only letters, digits and the e-mail's punctuation make words; anything else matches no word. */
const WORD = /^[\p{L}\p{N}.@\-_+]+$/u;

/** The ids of the contacts a search matches, from its full-text index (SQLite). */
function searchMatches(q: string): RawBuilder<unknown> {
  const needle = searchFold(q.trim());
  if ([...needle].length >= 3) return trigramMatches(needle);
  if (!WORD.test(needle)) return sql`select rowid from contacts_prefix where false`;
  return sql`select rowid from contacts_prefix where contacts_prefix match ${`${ftsPhrase(needle)} *`}`;
}

/** The ids of the contacts whose search text contains `needle` (folded, 3+ characters; SQLite). */
function trigramMatches(needle: string): RawBuilder<unknown> {
  return sql`select rowid from contacts_search where contacts_search match ${ftsPhrase(needle)}`;
}

/**
 * The search as a test of each row, for walking a sort index when the matches are many (SQLite;
 * PostgreSQL's planner picks its own way). Three or more characters: the search text contains them,
 * which is what the trigram index finds. One or two: a word of the name (after a space or an
 * apostrophe), the e-mail or the phone starts with them. The prefix index splits words at any other
 * punctuation too, so a word after, say, a bracket is found by the count and the sparse case only.
 */
function searchRowCondition(q: string, engine: Engine): Expression<SqlBool> {
  const needle = searchFold(q.trim());
  if (engine !== 'sqlite') return searchCondition(q, engine);
  if ([...needle].length >= 3)
    return sql<SqlBool>`contacts.search_text like ${likePattern(needle)} escape '\\'`;
  if (!WORD.test(needle)) return sql<SqlBool>`1 = 0`;
  const start = needle.replace(/[\\%_]/g, (c) => `\\${c}`);
  const email = sql.raw(searchFoldSql(engine, 'contacts.email_key'));
  // The stored search text holds every such word: testing it first spares folding most rows' keys
  // (a page of "de" walked in 0.8 ms instead of 5).
  return sql<SqlBool>`contacts.search_text like ${`%${start}%`} escape '\\'
    and (' ' || replace(contacts.name_fold, '''', ' ') like ${`% ${start}%`} escape '\\'
    or ${email} like ${`${start}%`} escape '\\' or contacts.phone like ${`${start}%`} escape '\\')`;
}

/**
 * The words of `contacts_prefix` on PostgreSQL: the expression its GIN index is built on (migration
 * 0018), which a query must repeat for the index to serve it.
 */
const PREFIX_WORDS_POSTGRES = `to_tsvector('simple', ${searchFoldSql('postgres', "contacts.name_key || ' ' || contacts.email_key || ' ' || contacts.phone")})`;

/** Words of the name, the e-mail and the phone that start with `needle` (PostgreSQL). */
function prefixCondition(needle: string): Expression<SqlBool> {
  if (!WORD.test(needle)) return sql<SqlBool>`1 = 0`;
  const prefix = `'${needle.replace(/['\\]/g, (c) => `\\${c}`)}':*`;
  return sql<SqlBool>`${sql.raw(PREFIX_WORDS_POSTGRES)} @@ to_tsquery('simple', ${prefix})`;
}

/**
 * A `contains` filter of 3+ characters on a column that is part of the search text is narrowed by
 * the trigram index first, so a rare value does not walk a million rows.
 */
function containsNarrowing(value: string, engine: Engine): Expression<SqlBool> | undefined {
  const needle = searchFold(value);
  if ([...needle].length < 3) return undefined;
  return engine === 'sqlite'
    ? sql<SqlBool>`contacts.id in (${trigramMatches(needle)})`
    : sql<SqlBool>`contacts.search_text like ${likePattern(needle)} escape '\\'`;
}

/**
 * The matches a narrowed list's count starts from (SQLite): the search's, else those of the first
 * `contains` filter the trigram index can narrow or `equals` on the e-mail or the agency;
 * undefined when none applies.
 */
function indexedMatches(query: ListQuery): RawBuilder<unknown> | undefined {
  if (query.q) return searchMatches(query.q);
  for (const [name, filter] of Object.entries(query.filters)) {
    const needle = searchFold(filter.value);
    const column = contactListSpec.columns[name];
    if (filter.mode === 'equals') {
      const found = equalsMatches(name, needle);
      if (found) return found;
    } else if (column && narrowsByTrigrams(column, filter) && [...needle].length >= 3)
      return trigramMatches(needle);
  }
  return undefined;
}

/**
 * The ids an `equals` on the e-mail or the agency reads first (SQLite): without statistics, SQLite
 * would rather walk every active lead by type and state, testing each, than start from the
 * subquery of emailEquals or agencyEquals.
 */
function equalsMatches(column: string, folded: string): RawBuilder<unknown> | undefined {
  if (column === 'email' && hasWord(folded))
    return sql`select rowid from contacts_prefix where contacts_prefix match ${ftsPhrase(folded)}`;
  if (column === 'agency' && folded !== '')
    return sql`select contacts.id as rowid from contacts where contacts.agency_id in (${agenciesNamed(folded)})`;
  return undefined;
}

const key = (expr: string, inSearchText = false) =>
  ({ expr, kind: 'text', ignoreCase: true, folded: true, inSearchText }) as const;

/**
 * An `equals` on the e-mail, which its sort key holds unfolded: the contacts whose prefix words
 * (folded, the whole address one word) hold the address, then the address itself. The trigram
 * index would read every contact with "example.net" in it.
 */
function emailEquals(folded: string, engine: Engine): RawBuilder<SqlBool> {
  const email = sql.raw(searchFoldSql(engine, 'contacts.email_key'));
  const exact = sql<SqlBool>`${email} = ${folded}`;
  if (!hasWord(folded)) return exact;
  return engine === 'sqlite'
    ? sql<SqlBool>`contacts.id in (select rowid from contacts_prefix where contacts_prefix match ${ftsPhrase(folded)}) and ${exact}`
    : sql<SqlBool>`${sql.raw(PREFIX_WORDS_POSTGRES)} @@ phraseto_tsquery('simple', ${folded}) and ${exact}`;
}

/** A letter or a digit: the text makes a word of the prefix index. */
const hasWord = (text: string) => /[\p{L}\p{N}]/u.test(text);

/** The partners of this folded name, from their name_fold index. */
const agenciesNamed = (folded: string) =>
  sql`select agencies.id from agencies where agencies.name_fold = ${folded}`;

/** An `equals` on the agency: the contacts of the partners of that folded name (their indexes). */
function agencyEquals(folded: string): RawBuilder<SqlBool> {
  if (folded === '') return sql<SqlBool>`contacts.agency_key = ''`;
  return sql<SqlBool>`contacts.agency_id in (${agenciesNamed(folded)})`;
}

export const contactListSpec: ListSpec = {
  columns: {
    // Sorted by the key, which keeps ç and ş; an equals seeks its search-folded twin (migration 0018).
    name: { ...key('contacts.name_key', true), twin: 'contacts.name_fold' },
    agency: { ...key('contacts.agency_key', true), equals: agencyEquals },
    email: { ...key('contacts.email_key', true), equals: emailEquals },
    phone: { ...key('contacts.phone', true), searchFolded: true },
    createdBy: key('contacts.owner_key'),
    assignedTo: key('contacts.assignee_key'),
    createdAt: { expr: 'contacts.created_at', kind: 'text', isoTime: true, notNull: true },
    // Not columns of the lists: the dashboard's charts link to lists filtered by them.
    source: { expr: 'contacts.source', kind: 'text' },
    // The day of conversion is the conversion's history entry (found by history_recent's range).
    convertedAt: {
      expr: 'contacts.id',
      kind: 'text',
      inInterval: (start, end) =>
        sql<SqlBool>`contacts.id in (select contact_id from history where kind = 'conversion' and created_at >= ${start} and created_at < ${end} and contact_id is not null)`,
    },
  },
  search: [],
  searchCondition,
  searchRowCondition,
  containsNarrowing,
  indexedMatches,
  idExpr: 'contacts.id',
  table: 'contacts',
  defaultSort: { column: 'createdAt', order: 'desc' },
};

export interface ContactScope {
  type?: ContactType;
  agencyId?: number;
}

/**
 * Type and active state lead every list index, so they are always constrained. `byMatches` writes
 * them as `+contacts.type`, which SQLite will not serve from an index: a `contains` filter on
 * created-by or assigned-to then finds its contacts through the owner or assignee index rather
 * than walking an index of 700,000 active leads.
 */
function scopeConditions(scope: ContactScope, byMatches = false): Expression<SqlBool>[] {
  const column = (name: string) => sql.raw(`${byMatches ? '+' : ''}contacts.${name}`);
  const conditions: Expression<SqlBool>[] = [
    scope.type
      ? sql<SqlBool>`${column('type')} = ${scope.type}`
      : sql<SqlBool>`${column('type')} in ('LEAD', 'CUSTOMER')`,
    sql<SqlBool>`${column('is_active')} = 1`,
  ];
  if (scope.agencyId !== undefined) conditions.push(sql<SqlBool>`contacts.agency_id = ${scope.agencyId}`);
  return conditions;
}

/**
 * The unfiltered totals are kept by the contact_counts triggers; a narrowed list (or one agency's
 * contacts) is counted up to the cap while its matches are found (list-page.ts). A search, or a
 * `contains` filter the trigram index narrows, reads its matches from its full-text index.
 */
export async function listContacts(db: Db, scope: ContactScope, query: ListQuery) {
  const byUsers = await userNarrowing(db, query);
  return listPage(db, contactsJoined(db).select(contactListColumns), byUsers.rest, contactListSpec, {
    conditions: scopeConditions(scope),
    conditionsByFilters: byUsers.conditions.length > 0 ? scopeConditions(scope, true) : undefined,
    extra: byUsers.conditions,
    fullTotal: scope.agencyId === undefined ? () => activeCount(db, scope.type) : undefined,
  });
}

/**
 * A `contains` or `equals` filter on created-by or assigned-to is answered by the users whose name
 * contains or is the text: their contacts are found, counted and sorted newest first through the
 * owner and assignee indexes (migration 0016) instead of by testing the key of every active
 * contact. The keys are the users' folded names (kept so on a rename), so the two tests agree, and
 * the filter itself leaves the query. The database returns the few users whose name may match (a
 * pattern that leaves to JavaScript every character SQL folds otherwise), from the
 * users_name_lower index alone, and they are search-folded here as the text is: reading all ten
 * thousand users on every request cost 10 ms. SQL's lower() folds no more than foldCase, so
 * folding its result is the same.
 */
async function userNarrowing(
  db: Db,
  query: ListQuery,
): Promise<{ conditions: Expression<SqlBool>[]; rest: ListQuery }> {
  const columns = { createdBy: 'owner_id', assignedTo: 'assigned_to_id' } as const;
  const conditions: Expression<SqlBool>[] = [];
  const filters = { ...query.filters };
  for (const [name, column] of Object.entries(columns)) {
    const filter = query.filters[name];
    if (!filter) continue;
    const needle = searchFold(filter.value);
    const matches = (folded: string) =>
      filter.mode === 'equals' ? folded === needle : folded.includes(needle);
    const users = await db
      .selectFrom('users')
      .select(['id', sql<string>`lower(users.name)`.as('lowered')])
      .where(sql<SqlBool>`lower(users.name) like ${loosePattern(needle, false, lowerMayDiffer)} escape '\\'`)
      .execute();
    const ids = users.filter((user) => matches(searchFold(user.lowered))).map((user) => user.id);
    conditions.push(sql<SqlBool>`contacts.${sql.raw(column)} in (${sql.join(ids.length > 0 ? ids : [0])})`);
    delete filters[name];
  }
  return { conditions, rest: conditions.length > 0 ? { ...query, filters } : query };
}

/**
 * The characters SQL's lower() may fold otherwise than foldCase: non-ASCII letters, and the k of
 * the Kelvin sign. With them written `_`, the pattern matches every name whose folded form holds
 * the needle, and a few more. (An equals filter uses it too: lower() may give İ two characters.)
 */
const lowerMayDiffer = (c: string) => c > '\x7f' || c === 'k';

/** The list's select and conditions, for streaming every matching row (exports). */
export function contactListSource(
  db: Db,
  scope: ContactScope,
  query: ListQuery,
): ListSource<ContactListRecord> {
  return {
    select: contactsJoined(db).select(contactListColumns),
    conditions: [...scopeConditions(scope), ...listConditions(db, query, contactListSpec)],
    spec: contactListSpec,
  };
}

/** Active contacts of a type, or of both types, as the contact_counts triggers keep them. */
async function activeCount(db: Db, type: ContactType | undefined): Promise<number> {
  let qb = db
    .selectFrom('contact_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'))
    .where('is_active', '=', 1);
  if (type) qb = qb.where('type', '=', type);
  const { n } = await qb.executeTakeFirstOrThrow();
  return Number(n);
}

/** Active contacts of a type (the dashboard's cards). */
export function countContacts(db: Db, type: ContactType): Promise<number> {
  return activeCount(db, type);
}
