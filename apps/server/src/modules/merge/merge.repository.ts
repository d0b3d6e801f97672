import type { Db } from '../../db/database.js';

export type MergeKind = 'contact' | 'agency';
const PARENT = { contact: 'contact_id', agency: 'agency_id' } as const;

export async function insertMerge(
  trx: Db,
  values: {
    kind: MergeKind;
    survivorId: number;
    mergedId: number;
    userId: number;
    snapshot: string;
    at: string;
  },
): Promise<number> {
  const { id } = await trx
    .insertInto('merges')
    .values({
      kind: values.kind,
      survivor_id: values.survivorId,
      merged_id: values.mergedId,
      user_id: values.userId,
      snapshot: values.snapshot,
      created_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function findMerge(db: Db, id: number) {
  return db.selectFrom('merges').selectAll().where('id', '=', id).executeTakeFirst();
}

export type MergeRow = NonNullable<Awaited<ReturnType<typeof findMerge>>>;

/** Merges a record took part in, as survivor or as the merged one, newest first. */
export async function mergesOf(db: Db, kind: MergeKind, id: number) {
  return db
    .selectFrom('merges')
    .leftJoin('users', 'users.id', 'merges.user_id')
    .select([
      'merges.id',
      'merges.survivor_id',
      'merges.merged_id',
      'merges.created_at',
      'merges.undone_at',
      'users.name as user_name',
    ])
    .where('merges.kind', '=', kind)
    .where((eb) => eb.or([eb('merges.survivor_id', '=', id), eb('merges.merged_id', '=', id)]))
    .orderBy('merges.id', 'desc')
    .limit(50)
    .execute();
}

/** A merge after this one, not undone, that involves either record: it must be undone first. */
export async function laterMerge(db: Db, merge: MergeRow) {
  const ids = [merge.survivor_id, merge.merged_id];
  return db
    .selectFrom('merges')
    .select('id')
    .where('kind', '=', merge.kind)
    .where('id', '>', merge.id)
    .where('undone_at', 'is', null)
    .where((eb) => eb.or([eb('survivor_id', 'in', ids), eb('merged_id', 'in', ids)]))
    .executeTakeFirst();
}

/** Fields of a record edited (by the history) after a moment. */
export async function fieldsEditedSince(
  db: Db,
  kind: MergeKind,
  id: number,
  since: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('history')
    .select('field')
    .distinct()
    .where(PARENT[kind], '=', id)
    .where('created_at', '>', since)
    .where('kind', 'in', ['edited', 'conversion'])
    .execute();
  return rows.flatMap((row) => (row.field ? [row.field] : []));
}

export async function markUndone(trx: Db, id: number, userId: number, at: string): Promise<void> {
  await trx.updateTable('merges').set({ undone_at: at, undone_by_id: userId }).where('id', '=', id).execute();
}
