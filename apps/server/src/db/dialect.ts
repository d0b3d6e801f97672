import { type Kysely, PostgresAdapter } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

// biome-ignore lint/suspicious/noExplicitAny: migrations and helpers work on any schema
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
