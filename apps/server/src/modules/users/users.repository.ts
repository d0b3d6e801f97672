import { foldCase, type ListQuery, searchFold } from '@crm/domain';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/dialect.js';
import {
  type ListResult,
  type ListSpec,
  listConditions,
  pageOf,
  pageWithTotal,
} from '../../db/list-query.js';
import type { ListSource } from '../../db/list-stream.js';
import { searchFoldCasedSql } from '../../db/search-fold.js';
import { nextVersion } from '../versions/versions.repository.js';
import { type UserRow, userColumns } from './user-row.js';

export const userListSpec: ListSpec = {
  columns: {
    name: { expr: 'users.name', kind: 'text', sortExpr: 'lower(users.name)' },
    email: { expr: 'users.email', kind: 'text', sortExpr: 'lower(users.email)' },
    role: { expr: 'users.role', kind: 'text' },
    isActive: { expr: 'users.is_active', kind: 'boolean' },
  },
  search: ['users.name', 'users.email', 'users.role'],
  idExpr: 'users.id',
  table: 'users',
  defaultSort: { column: 'name', order: 'asc' },
};

/** Non-admins may only search and sort pickers by name. */
export const userPickerSpec: ListSpec = {
  columns: { name: userListSpec.columns.name!, isActive: userListSpec.columns.isActive! },
  search: ['users.name'],
  idExpr: 'users.id',
  table: 'users',
  defaultSort: { column: 'name', order: 'asc' },
};

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(userColumns).where('users.id', '=', id).executeTakeFirst();
}

export async function emailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  let qb = db
    .selectFrom('users')
    .select('users.id')
    .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.toLowerCase()));
  if (exceptId !== undefined) qb = qb.where('users.id', '!=', exceptId);
  return (await qb.executeTakeFirst()) !== undefined;
}

export async function listUsers(db: Db, query: ListQuery, spec: ListSpec): Promise<ListResult<UserRow>> {
  const conditions = listConditions(db, query, spec);
  const rows = await pageOf(db.selectFrom('users').select(userColumns), query, spec, conditions).execute();
  return pageWithTotal(db, 'users', query, conditions, rows);
}

/** The list's select and conditions, for streaming every matching row (exports). */
export function userListSource(db: Db, query: ListQuery, spec: ListSpec): ListSource<UserRow> {
  return {
    select: db.selectFrom('users').select(userColumns),
    conditions: listConditions(db, query, spec),
    spec,
  };
}

export async function countUsers(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export interface UserWrite {
  name: string;
  first_name: string;
  surname: string;
  phone: string;
  email: string;
  role: string;
  is_active: number;
  password_hash?: string;
}

export async function insertUser(
  db: Db,
  user: UserWrite & { password_hash: string },
  now: string,
): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({ ...user, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateUser(
  db: Db,
  id: number,
  changes: Partial<UserWrite> & { field_versions?: string; updated_by_id?: number | null },
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ version: nextVersion, ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .select(userColumns)
    .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

/** The active users among these ids, with their names and roles. */
export async function activeUsersAmong(
  db: Db,
  ids: number[],
): Promise<{ id: number; name: string; role: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'name', 'role'])
    .where('id', 'in', ids)
    .where('is_active', '=', 1)
    .execute();
}

/** Names of these users, active or not (mentions show a colleague by their current name). */
export async function userNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * An active user by name, search-folded ("Sukru Dagdelen" is "Şükrü Dağdelen"), or by e-mail as
 * written in lower case (an import's "Assigned To" cell).
 */
export async function findActiveUserByNameOrEmail(db: Db, value: string) {
  const name = sql.raw(searchFoldCasedSql(engineOf(db), 'name'));
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('is_active', '=', 1)
    .where((eb) =>
      eb.or([
        sql<SqlBool>`${name} = ${searchFold(value.trim())}`,
        eb(eb.fn('lower', ['email']), '=', foldCase(value.trim())),
      ]),
    )
    .orderBy('id')
    .executeTakeFirst();
}

/** The ids of every active admin (told when something only admins manage needs them). */
export async function activeAdminIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('is_active', '=', 1)
    .execute();
  return rows.map((row) => row.id);
}
