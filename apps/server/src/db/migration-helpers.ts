import type { CreateTableBuilder, Kysely } from 'kysely';
import { engineOf } from './dialect.js';

/** An integer primary key that the database numbers itself: identity on PostgreSQL, rowid on SQLite. */
// biome-ignore lint/suspicious/noExplicitAny: works on any table builder
export function idColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return engineOf(db) === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
