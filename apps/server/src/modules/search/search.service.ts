import {
  enumLabel,
  formatPhoneDigits,
  type SearchKind,
  type SearchNeedle,
  searchFold,
  searchNeedle,
} from '@crm/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { dealsForPalette } from '../deals/deal-reads.js';
import {
  type AgencyHit,
  agencyHitsByIds,
  type ContactHit,
  contactHitsByIds,
  findAgenciesByPrefix,
  findAgenciesBySubstring,
  findContactsByPrefix,
  findContactsBySubstring,
  findProductsByPrefix,
  findProductsBySubstring,
  findUserHits,
  type ProductHit,
} from './search.repository.js';
import type { searchHit, searchResponse } from './search.schemas.js';

type Hit = z.output<typeof searchHit>;
/**
 * A candidate: its hit is made only if it is shown, since a hit formats phone numbers (the phone
 * library's parse) and a common name has many more candidates than a group shows.
 */
type Ranked = { id: number; rank: number; updatedAt: string; hit: () => Hit };

export const DEFAULT_PER_GROUP = 5;

/** 0 when a key equals the query, 1 when one starts with it, 2 for a match inside a key (all search-folded). */
function rankOf(keys: (string | null | undefined)[], exact: (string | null)[]): number {
  const present = keys.filter((key): key is string => !!key);
  const wanted = exact.filter((value): value is string => !!value);
  if (present.some((key) => wanted.includes(key))) return 0;
  if (present.some((key) => wanted.some((value) => key.startsWith(value)))) return 1;
  return 2;
}

/** Exact and prefix matches first, then the most recently edited; one entry per record. */
function best(ranked: Ranked[], limit: number): Hit[] {
  const seen = new Set<number>();
  return ranked
    .sort((a, b) => a.rank - b.rank || b.updatedAt.localeCompare(a.updatedAt) || a.id - b.id)
    .filter(({ id }) => {
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .slice(0, limit)
    .map(({ hit }) => hit());
}

const typeLabel = (type: string) => (type === 'CUSTOMER' ? 'Customer' : 'Lead');
const line = (...parts: (string | null | undefined)[]) => parts.filter((part) => !!part).join(' · ');

function contactHit(row: ContactHit, mergedFrom: number | null): Hit {
  return {
    kind: 'contact',
    id: row.id,
    title: `${row.name} ${row.surname}`,
    context: line(typeLabel(row.type), row.agency_name, formatPhoneDigits(row.phone), row.email),
    type: row.type,
    mergedFrom,
  };
}

function agencyHit(row: AgencyHit, mergedFrom: number | null): Hit {
  return {
    kind: 'agency',
    id: row.id,
    title: row.name,
    context: line(
      'Partner',
      row.is_active === 1 ? null : 'Inactive',
      row.email,
      formatPhoneDigits(row.office_number),
    ),
    type: null,
    mergedFrom,
  };
}

/**
 * A record found under a merged one stands for its survivor: the survivor is read (when a list
 * would show it) and takes the merged record's place in the ranking.
 */
async function withSurvivors<Row extends { id: number; merged_into_id: number | null; updated_at: string }>(
  rows: { row: Row; rank: number }[],
  readSurvivors: (ids: number[]) => Promise<Row[]>,
  toHit: (row: Row, mergedFrom: number | null) => Hit,
): Promise<Ranked[]> {
  const survivorIds = [
    ...new Set(rows.flatMap(({ row }) => (row.merged_into_id ? [row.merged_into_id] : []))),
  ];
  const survivors = new Map((await readSurvivors(survivorIds)).map((row) => [row.id, row]));
  return rows.flatMap(({ row, rank }) => {
    if (row.merged_into_id === null)
      return [{ id: row.id, hit: () => toHit(row, null), rank, updatedAt: row.updated_at }];
    const survivor = survivors.get(row.merged_into_id);
    return survivor
      ? [{ id: survivor.id, hit: () => toHit(survivor, row.id), rank, updatedAt: survivor.updated_at }]
      : [];
  });
}

/**
 * First the lookups by key (exact and prefix matches), then, only when those do not fill the group,
 * the substring lookup. A substring match ranks after every exact and prefix match, so it could not
 * be shown then; skipping it saves the trigram index's most expensive reads (a common surname such
 * as "demir" is in tens of thousands of contacts).
 */
async function keysThenSubstring(
  limit: number,
  byKey: () => Promise<Ranked[]>,
  bySubstring: () => Promise<Ranked[]>,
): Promise<Ranked[]> {
  const keyed = await byKey();
  const shown = new Set(keyed.filter(({ rank }) => rank <= 1).map(({ id }) => id));
  if (shown.size >= limit) return keyed;
  return [...keyed, ...(await bySubstring())];
}

/** Contacts by name, surname, e-mail, phone (any format), passport or T.R ID number. */
export async function searchContacts(db: Db, needle: SearchNeedle, limit: number): Promise<Ranked[]> {
  const rank = (rows: ContactHit[]) =>
    withSurvivors(
      rows.map((row) => ({
        row,
        rank: Math.min(
          rankOf(
            [row.name_fold, row.surname_key, searchFold(row.email_key), row.passport_key, row.tr_id_number],
            [needle.text],
          ),
          rankOf([row.phone, row.phone_key], [needle.digits, needle.national]),
        ),
      })),
      (ids) => contactHitsByIds(db, ids),
      contactHit,
    );
  return keysThenSubstring(
    limit,
    async () => rank(await findContactsByPrefix(db, needle)),
    async () => rank(await findContactsBySubstring(db, needle)),
  );
}

function agencies(db: Db, needle: SearchNeedle, limit: number): Promise<Ranked[]> {
  const rank = (rows: AgencyHit[]) =>
    withSurvivors(
      rows.map((row) => ({
        row,
        rank: Math.min(
          rankOf([row.name_fold, searchFold(row.email_key)], [needle.text]),
          rankOf([row.office_number, row.office_key], [needle.digits, needle.national]),
        ),
      })),
      (ids) => agencyHitsByIds(db, ids),
      agencyHit,
    );
  return keysThenSubstring(
    limit,
    async () => rank(await findAgenciesByPrefix(db, needle)),
    async () => rank(await findAgenciesBySubstring(db, needle)),
  );
}

function products(db: Db, needle: SearchNeedle, limit: number): Promise<Ranked[]> {
  const rank = (rows: ProductHit[]): Ranked[] =>
    rows.map((row) => ({
      id: row.id,
      rank: rankOf([row.title_fold], [needle.text]),
      updatedAt: row.updated_at,
      hit: () => ({
        kind: 'product',
        id: row.id,
        title: row.title,
        context: line('Product', enumLabel(row.product_type), row.is_active === 1 ? 'Active' : 'Inactive'),
        type: null,
        mergedFrom: null,
      }),
    }));
  return keysThenSubstring(
    limit,
    async () => rank(await findProductsByPrefix(db, needle)),
    async () => rank(await findProductsBySubstring(db, needle)),
  );
}

/** Deals by title or by their contact's name or surname, among those the actor may see. */
async function deals(db: Db, needle: SearchNeedle, actor: Actor): Promise<Ranked[]> {
  const found = await dealsForPalette(db, actor, needle.text);
  return found.map((deal) => ({
    id: deal.id,
    rank: rankOf(deal.keys, [needle.text]),
    updatedAt: deal.updatedAt,
    hit: () => ({
      kind: 'deal',
      id: deal.id,
      title: deal.title,
      context: deal.context(),
      type: null,
      mergedFrom: null,
    }),
  }));
}

async function users(db: Db, needle: SearchNeedle): Promise<Ranked[]> {
  const rows = await findUserHits(db, needle);
  return rows.map((row) => ({
    id: row.id,
    rank: rankOf([searchFold(row.name), searchFold(row.email)], [needle.text]),
    updatedAt: row.updated_at,
    hit: () => ({
      kind: 'user',
      id: row.id,
      title: row.name,
      context: line('User', enumLabel(row.role), row.email, row.is_active === 1 ? null : 'Inactive'),
      type: null,
      mergedFrom: null,
    }),
  }));
}

/**
 * The command palette's groups for a query: contacts, agencies and products, users when
 * `withUsers` (admins only, as only admins have the users list), and the deals `dealsOf` may see.
 */
export async function searchGroups(
  db: Db,
  needle: SearchNeedle,
  limit: number,
  withUsers: boolean,
  dealsOf?: Actor,
): Promise<z.output<typeof searchResponse>> {
  const finders: [SearchKind, Promise<Ranked[]>][] = [
    ['contact', searchContacts(db, needle, limit)],
    ['agency', agencies(db, needle, limit)],
  ];
  if (dealsOf) finders.push(['deal', deals(db, needle, dealsOf)]);
  finders.push(['product', products(db, needle, limit)]);
  if (withUsers) finders.push(['user', users(db, needle)]);
  const groups = await Promise.all(
    finders.map(async ([kind, found]) => ({ kind, items: best(await found, limit) })),
  );
  return { groups: groups.filter((group) => group.items.length > 0) };
}

/** The command palette: every kind of record the caller's lists show, grouped and ranked. */
export function searchEverything(
  ctx: AppContext,
  actor: Actor,
  q: string,
  limit = DEFAULT_PER_GROUP,
): Promise<z.output<typeof searchResponse>> {
  return searchGroups(ctx.db, searchNeedle(q), limit, actor.user.role === 'admin', actor);
}
