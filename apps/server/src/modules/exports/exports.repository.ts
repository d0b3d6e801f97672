import type { Db } from '../../db/database.js';

export interface ExportRecord {
  userId: number;
  list: string;
  format: string;
  rowCount: number;
  query: string;
  at: string;
}

export async function insertExportRecord(db: Db, record: ExportRecord): Promise<void> {
  await db
    .insertInto('export_log')
    .values({
      user_id: record.userId,
      list: record.list,
      format: record.format,
      row_count: record.rowCount,
      query: record.query,
      created_at: record.at,
    })
    .execute();
}

export async function listExportRecords(db: Db, limit: number, offset: number) {
  const rows = await db
    .selectFrom('export_log')
    .innerJoin('users', 'users.id', 'export_log.user_id')
    .select([
      'export_log.id',
      'export_log.list',
      'export_log.format',
      'export_log.row_count',
      'export_log.query',
      'export_log.created_at',
      'users.id as user_id',
      'users.name as user_name',
    ])
    .orderBy('export_log.created_at', 'desc')
    .orderBy('export_log.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const { n } = await db
    .selectFrom('export_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}
