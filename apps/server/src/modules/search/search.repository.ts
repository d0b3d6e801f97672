import type { SearchNeedle } from '@crm/domain';
import { type Compilable, type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/dialect.js';
import { type PrefixValues, prefixValues, startsWith, startsWithValues } from '../../db/key-match.js';
import { likePattern } from '../../db/list-query.js';
import { prepared } from '../../db/prepared.js';
import { searchFoldCasedSql } from '../../db/search-fold.js';
import { ftsPhrase } from '../../db/trigram-search.js';

/** How many rows each indexed lookup brings; the service ranks their union. */
const PER_KEY = 20;

/**
 * Runs several limited lookups as one statement (one round trip, one pooled connection): each is
 * wrapped as a subquery so that its own LIMIT applies, then all are joined with UNION ALL.
 */
// biome-ignore lint/suspicious/noExplicitAny: the lookups share one row shape, whatever it is
async function unionOf<Q extends SelectQueryBuilder<any, any, any>>(db: Db, lookups: Q[]) {
  type Row = Awaited<ReturnType<Q['execute']>>[number];
  const all = unionQuery(db, lookups);
  return all ? ((await all.execute()) as Row[]) : [];
}

// biome-ignore lint/suspicious/noExplicitAny: as unionOf
function unionQuery<Q extends SelectQueryBuilder<any, any, any>>(db: Db, lookups: Q[]) {
  const [first, ...rest] = lookups.map((lookup, i) => db.selectFrom(lookup.as(`k${i}`)).selectAll());
  if (!first) return undefined;
  let all = first;
  for (const next of rest) all = all.unionAll(next);
  return all;
}

/** Contacts a list shows (active), and merged ones, which the service replaces by their survivor. */
const findableContact = sql<SqlBool>`(contacts.is_active = 1 or contacts.merged_into_id is not null)`;

function contactHits(db: Db) {
  return db
    .selectFrom('contacts')
    .leftJoin('agencies', 'agencies.id', 'contacts.agency_id')
    .select([
      'contacts.id',
      'contacts.type',
      'contacts.name',
      'contacts.surname',
      'contacts.phone',
      'contacts.email',
      'contacts.tr_id_number',
      'contacts.name_fold',
      'contacts.surname_key',
      'contacts.email_key',
      'contacts.phone_key',
      'contacts.passport_key',
      'contacts.merged_into_id',
      'contacts.updated_at',
      'agencies.name as agency_name',
    ]);
}

export type ContactHit = Awaited<ReturnType<typeof contactHitsByIds>>[number];

/** Matches a substring lookup reads from the trigram index before the row checks trim them. */
const SUBSTRING_CANDIDATES = 200;

/**
 * A trigram match of 3+ characters: FTS5 on SQLite, pg_trgm (through LIKE) on PostgreSQL. On
 * SQLite the index is read for at most SUBSTRING_CANDIDATES matches: "gmail.c" matches a third of
 * all contacts, and the palette shows five.
 */
function substring(
  db: Db,
  table: 'contacts' | 'agencies' | 'products',
  column: 'search_text' | 'title_fold',
  needle: string,
): Expression<SqlBool> {
  if (engineOf(db) === 'sqlite') {
    const phrase = ftsPhrase(needle);
    const fts = sql.raw(`${table}_search`);
    return sql<SqlBool>`${sql.raw(`${table}.id`)} in (select rowid from ${fts} where ${fts} match ${phrase} limit ${SUBSTRING_CANDIDATES})`;
  }
  return sql<SqlBool>`${sql.raw(`${table}.${column}`)} like ${likePattern(needle)} escape '\\'`;
}

const hasTrigram = (value: string | null): value is string => value !== null && [...value].length >= 3;

/**
 * Contacts whose name (with or without surname), surname, e-mail, passport or T.R ID number starts
 * with the query, or whose phone starts with its digits (with or without calling code), and those
 * named exactly so. Each lookup is one index range, at most PER_KEY rows. Names, surnames and
 * passports are compared search-folded (the query is, by searchNeedle); an e-mail as written in
 * lower case, so one holding ş or ü is found by the substring lookup instead.
 */
export async function findContactsByPrefix(db: Db, needle: SearchNeedle) {
  const { text, digits, national } = needle;
  const shape = `${digits ? 'd' : ''}${national ? 'n' : ''}`;
  let lookup = contactsByPrefix.get(shape);
  if (!lookup) {
    lookup = contactPrefixLookup(!!digits, !!national);
    contactsByPrefix.set(shape, lookup);
  }
  return lookup(db, ...prefixValues(text), ...prefixValues(digits ?? ''), ...prefixValues(national ?? ''));
}

/**
 * The contacts' prefix lookups for one kind of needle (with or without phone digits), built and
 * compiled once: the union of six subqueries cost Kysely more to build than SQLite to answer.
 */
function contactPrefixLookup(withDigits: boolean, withNational: boolean) {
  return prepared((db: Db, ...values: string[]) => {
    const engine = engineOf(db);
    const [text, textTo, textLike, digits, digitsTo, digitsLike, national, nationalTo, nationalLike] =
      values as PrefixValuesOf3;
    const byText = (column: string) => startsWithValues(engine, column, text, textTo, textLike);
    const lookups: Expression<SqlBool>[] = [
      byText('contacts.name_fold'),
      byText('contacts.surname_key'),
      byText('contacts.email_key'),
      byText('contacts.passport_key'),
      byText('contacts.tr_id_number'),
    ];
    if (withDigits) lookups.push(startsWithValues(engine, 'contacts.phone', digits, digitsTo, digitsLike));
    if (withNational)
      lookups.push(startsWithValues(engine, 'contacts.phone_key', national, nationalTo, nationalLike));
    const exact = contactHits(db)
      .where('contacts.name_fold', '=', text)
      .where(findableContact)
      .orderBy('contacts.updated_at', 'desc')
      .limit(PER_KEY);
    return unionQuery(db, [
      exact,
      ...lookups.map((lookup) => contactHits(db).where(lookup).where(findableContact).limit(PER_KEY)),
    ]) as unknown as Compilable<ContactHit>;
  });
}

type PrefixValuesOf3 = [...PrefixValues, ...PrefixValues, ...PrefixValues];

const contactsByPrefix = new Map<string, ReturnType<typeof contactPrefixLookup>>();

/** For 3+ characters: contacts whose search text contains the query (or its national digits). */
export async function findContactsBySubstring(db: Db, needle: SearchNeedle) {
  const { text, national } = needle;
  const lookups: Expression<SqlBool>[] = [];
  if (hasTrigram(text)) lookups.push(substring(db, 'contacts', 'search_text', text));
  if (hasTrigram(national) && national !== text)
    lookups.push(substring(db, 'contacts', 'search_text', national));
  return unionOf(
    db,
    lookups.map((lookup) => contactHits(db).where(lookup).where(findableContact).limit(PER_KEY)),
  );
}

export async function contactHitsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return contactHits(db).where('contacts.id', 'in', ids).where('contacts.is_active', '=', 1).execute();
}

function agencyHits(db: Db) {
  return db
    .selectFrom('agencies')
    .select([
      'agencies.id',
      'agencies.name',
      'agencies.email',
      'agencies.office_number',
      'agencies.city',
      'agencies.is_active',
      'agencies.name_fold',
      'agencies.email_key',
      'agencies.office_key',
      'agencies.merged_into_id',
      'agencies.updated_at',
    ]);
}

export type AgencyHit = Awaited<ReturnType<typeof agencyHitsByIds>>[number];

/** Agencies whose name or e-mail starts with the query, or whose office number with its digits. */
export async function findAgenciesByPrefix(db: Db, needle: SearchNeedle) {
  const engine = engineOf(db);
  const { text, digits, national } = needle;
  const lookups: Expression<SqlBool>[] = [
    startsWith(engine, 'agencies.name_fold', text),
    startsWith(engine, 'agencies.email_key', text),
  ];
  if (digits) lookups.push(startsWith(engine, 'agencies.office_number', digits));
  if (national) lookups.push(startsWith(engine, 'agencies.office_key', national));
  return unionOf(
    db,
    lookups.map((lookup) => agencyHits(db).where(lookup).limit(PER_KEY)),
  );
}

/** For 3+ characters: agencies whose name, e-mail or office number contains the query. */
export async function findAgenciesBySubstring(db: Db, needle: SearchNeedle) {
  if (!hasTrigram(needle.text)) return [];
  return agencyHits(db)
    .where(substring(db, 'agencies', 'search_text', needle.text))
    .limit(PER_KEY)
    .execute();
}

export async function agencyHitsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return agencyHits(db).where('agencies.id', 'in', ids).execute();
}

function productHits(db: Db) {
  return db
    .selectFrom('products')
    .select([
      'products.id',
      'products.title',
      'products.title_fold',
      'products.product_type',
      'products.is_active',
      'products.updated_at',
    ]);
}

export type ProductHit = Awaited<ReturnType<typeof findProductsByPrefix>>[number];

/** Products whose title starts with the query, from the index. */
export async function findProductsByPrefix(db: Db, needle: SearchNeedle) {
  return productHits(db)
    .where(startsWith(engineOf(db), 'products.title_fold', needle.text))
    .limit(PER_KEY)
    .execute();
}

/** For 3+ characters: products whose title contains the query. */
export async function findProductsBySubstring(db: Db, needle: SearchNeedle) {
  if (!hasTrigram(needle.text)) return [];
  return productHits(db)
    .where(substring(db, 'products', 'title_fold', needle.text))
    .limit(PER_KEY)
    .execute();
}

/**
 * Users by any part of their name or e-mail, search-folded: for 3+ characters from the trigram
 * index (migrations 0014 and 0018), for one or two by reading the staff table, which is small
 * enough for that. On PostgreSQL the index is on the folded expression the condition repeats.
 */
export async function findUserHits(db: Db, needle: SearchNeedle) {
  const engine = engineOf(db);
  const pattern = likePattern(needle.text);
  let matching: Expression<SqlBool>;
  if (engine === 'sqlite' && hasTrigram(needle.text)) {
    const phrase = ftsPhrase(needle.text);
    matching = sql<SqlBool>`users.id in (select rowid from users_search where users_search match ${phrase})`;
  } else {
    const folded = (column: string) => sql.raw(searchFoldCasedSql(engine, column));
    matching = sql<SqlBool>`(${folded('users.name')} like ${pattern} escape '\\'
      or ${folded('users.email')} like ${pattern} escape '\\')`;
  }
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'is_active', 'updated_at'])
    .where(matching)
    .orderBy('updated_at', 'desc')
    .limit(PER_KEY)
    .execute();
}
