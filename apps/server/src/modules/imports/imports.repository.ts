import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ImportRowsTable, ImportsTable } from '../../db/schema.js';

export type ImportRecord = NonNullable<Awaited<ReturnType<typeof findImport>>>;

export async function insertImport(db: Db, values: Insertable<ImportsTable>): Promise<number> {
  const { id } = await db.insertInto('imports').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findImport(db: Db, id: number) {
  return db
    .selectFrom('imports')
    .innerJoin('users', 'users.id', 'imports.actor_id')
    .leftJoin('jobs', 'jobs.id', 'imports.job_id')
    .selectAll('imports')
    .select([
      'users.name as actor_name',
      'jobs.state as job_state',
      'jobs.kind as job_kind',
      'jobs.progress_done',
      'jobs.progress_total',
      'jobs.progress_errors',
      'jobs.started_at as job_started_at',
      'jobs.error as job_error',
    ])
    .where('imports.id', '=', id)
    .executeTakeFirst();
}

export async function listImports(db: Db, limit: number, offset: number, actorId?: number) {
  let qb = db
    .selectFrom('imports')
    .innerJoin('users', 'users.id', 'imports.actor_id')
    .leftJoin('jobs', 'jobs.id', 'imports.job_id')
    .selectAll('imports')
    .select([
      'users.name as actor_name',
      'jobs.state as job_state',
      'jobs.kind as job_kind',
      'jobs.progress_done',
      'jobs.progress_total',
      'jobs.progress_errors',
      'jobs.started_at as job_started_at',
      'jobs.error as job_error',
    ]);
  let count = db.selectFrom('imports').select((eb) => eb.fn.countAll<number>().as('n'));
  if (actorId !== undefined) {
    qb = qb.where('imports.actor_id', '=', actorId);
    count = count.where('imports.actor_id', '=', actorId);
  }
  const rows = await qb
    .orderBy('imports.created_at', 'desc')
    .orderBy('imports.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const { n } = await count.executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export async function updateImport(db: Db, id: number, values: Updateable<ImportsTable>): Promise<void> {
  await db.updateTable('imports').set(values).where('id', '=', id).execute();
}

/** Adds a batch's counts to the import's totals. */
export async function addImportCounts(
  db: Db,
  id: number,
  counts: { created: number; updated: number; skipped: number; errors: number },
  at: string,
): Promise<void> {
  await db
    .updateTable('imports')
    .set((eb) => ({
      created_count: eb('created_count', '+', counts.created),
      updated_count: eb('updated_count', '+', counts.updated),
      skipped_count: eb('skipped_count', '+', counts.skipped),
      error_count: eb('error_count', '+', counts.errors),
      updated_at: at,
    }))
    .where('id', '=', id)
    .execute();
}

export async function insertImportRows(db: Db, rows: Insertable<ImportRowsTable>[]): Promise<void> {
  // A few hundred rows per statement keeps within both engines' parameter limits.
  for (let i = 0; i < rows.length; i += 100) {
    await db
      .insertInto('import_rows')
      .values(rows.slice(i, i + 100))
      .execute();
  }
}

export async function deleteImportRows(db: Db, importId: number, phase: string): Promise<void> {
  await db.deleteFrom('import_rows').where('import_id', '=', importId).where('phase', '=', phase).execute();
}

export async function listImportRows(
  db: Db,
  importId: number,
  phase: string,
  options: { actions?: string[]; limit: number; offset: number; afterRow?: number },
) {
  let qb = db
    .selectFrom('import_rows')
    .selectAll()
    .where('import_id', '=', importId)
    .where('phase', '=', phase);
  if (options.actions?.length) qb = qb.where('action', 'in', options.actions);
  if (options.afterRow !== undefined) qb = qb.where('row_number', '>', options.afterRow);
  return qb.orderBy('row_number').limit(options.limit).offset(options.offset).execute();
}

/** How many rows of a phase ended in each action. */
export async function countImportRows(db: Db, importId: number, phase: string) {
  const rows = await db
    .selectFrom('import_rows')
    .select(['action', (eb) => eb.fn.countAll<number>().as('n')])
    .where('import_id', '=', importId)
    .where('phase', '=', phase)
    .groupBy('action')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.action, Number(row.n)])) as Record<string, number>;
}

/** Rows of a phase with duplicates noted, counted by where the duplicate is. */
export async function countDuplicates(db: Db, importId: number, phase: string) {
  const rows = await db
    .selectFrom('import_rows')
    .select('duplicates')
    .where('import_id', '=', importId)
    .where('phase', '=', phase)
    .where('duplicates', 'is not', null)
    .execute();
  let inFile = 0;
  let inDatabase = 0;
  for (const row of rows) {
    const notes = JSON.parse(row.duplicates ?? '[]') as { in: string }[];
    if (notes.some((n) => n.in === 'file')) inFile++;
    if (notes.some((n) => n.in === 'database')) inDatabase++;
  }
  return { inFile, inDatabase };
}

/**
 * Imports whose file is still kept although their last step was before `before`, and that no job
 * is reading (queued or running); an import whose file was deleted has an empty `file_key`.
 */
export async function listImportFilesBefore(db: Db, before: string, limit: number) {
  return db
    .selectFrom('imports')
    .leftJoin('jobs', 'jobs.id', 'imports.job_id')
    .select(['imports.id', 'imports.file_key'])
    .where('imports.file_key', '<>', '')
    .where('imports.updated_at', '<', before)
    .where((eb) => eb.or([eb('jobs.id', 'is', null), eb('jobs.state', 'not in', ['queued', 'running'])]))
    .orderBy('imports.id')
    .limit(limit)
    .execute();
}

/** Notes that an import's file was deleted (the key is checked, so a later upload's is never cleared). */
export async function clearImportFile(db: Db, id: number, key: string): Promise<void> {
  await db
    .updateTable('imports')
    .set({ file_key: '' })
    .where('id', '=', id)
    .where('file_key', '=', key)
    .execute();
}
