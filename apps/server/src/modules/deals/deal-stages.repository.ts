import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DealLostReasonsTable, DealStagesTable } from '../../db/schema.js';

const stageColumns = ['id', 'name', 'position', 'probability', 'kind', 'is_active'] as const;

/** Every stage, active or not, in the board's order. */
export async function listStages(db: Db) {
  return db.selectFrom('deal_stages').select(stageColumns).orderBy('position').orderBy('id').execute();
}
export type StageRow = Awaited<ReturnType<typeof listStages>>[number];

export async function findStage(db: Db, id: number): Promise<StageRow | undefined> {
  return db.selectFrom('deal_stages').select(stageColumns).where('id', '=', id).executeTakeFirst();
}

export async function insertStage(db: Db, values: Insertable<DealStagesTable>): Promise<number> {
  const { id } = await db.insertInto('deal_stages').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateStage(db: Db, id: number, values: Updateable<DealStagesTable>): Promise<void> {
  await db.updateTable('deal_stages').set(values).where('id', '=', id).execute();
}

const reasonColumns = ['id', 'name', 'position', 'is_active'] as const;

export async function listLostReasons(db: Db) {
  return db.selectFrom('deal_lost_reasons').select(reasonColumns).orderBy('position').orderBy('id').execute();
}
export type LostReasonRow = Awaited<ReturnType<typeof listLostReasons>>[number];

export async function findLostReason(db: Db, id: number): Promise<LostReasonRow | undefined> {
  return db.selectFrom('deal_lost_reasons').select(reasonColumns).where('id', '=', id).executeTakeFirst();
}

export async function insertLostReason(db: Db, values: Insertable<DealLostReasonsTable>): Promise<number> {
  const { id } = await db
    .insertInto('deal_lost_reasons')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateLostReason(
  db: Db,
  id: number,
  values: Updateable<DealLostReasonsTable>,
): Promise<void> {
  await db.updateTable('deal_lost_reasons').set(values).where('id', '=', id).execute();
}
