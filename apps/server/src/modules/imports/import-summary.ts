import type { Db } from '../../db/database.js';
import { countDuplicates, countImportRows } from './imports.repository.js';

export interface PreviewSummary {
  create: number;
  update: number;
  skip: number;
  error: number;
  duplicates: { inFile: number; inDatabase: number };
}

/** The preview's counts, read once when it ends and kept on the import. */
export async function previewSummary(db: Db, importId: number): Promise<PreviewSummary> {
  const counts = await countImportRows(db, importId, 'preview');
  return {
    create: counts.create ?? 0,
    update: counts.update ?? 0,
    skip: counts.skip ?? 0,
    error: counts.error ?? 0,
    duplicates: await countDuplicates(db, importId, 'preview'),
  };
}
