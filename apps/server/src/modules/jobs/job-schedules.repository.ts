import type { Db } from '../../db/database.js';

/**
 * Takes `slot` of `kind`'s schedule for the caller, who then enqueues its job in the same
 * transaction; answers whether it did. The row advances only forward, with a conditional UPDATE:
 * PostgreSQL makes a second UPDATE of the row wait for the first's commit and then re-check the
 * condition, and SQLite runs one writing transaction at a time, so of all the processes that try
 * one slot, one takes it. A schedule without a row is recorded at `slot`, and taken only when
 * `runsAtOnce` (see SlotRule).
 */
export async function takeSlot(db: Db, kind: string, slot: string, runsAtOnce: boolean): Promise<boolean> {
  const created = await db
    .insertInto('job_schedules')
    .values({ kind, last_slot: slot })
    .onConflict((oc) => oc.column('kind').doNothing())
    .returning('kind')
    .executeTakeFirst();
  if (created) return runsAtOnce;
  const advanced = await db
    .updateTable('job_schedules')
    .set({ last_slot: slot })
    .where('kind', '=', kind)
    .where('last_slot', '<', slot)
    .executeTakeFirst();
  return Number(advanced.numUpdatedRows) > 0;
}
