import type { AppContext } from '../../context.js';
import { isoAfter } from '../../lib/time.js';
import { scratchDirOf } from './import-files.js';
import { clearImportFile, listImportFilesBefore } from './imports.repository.js';
import { sweepScratch } from './workbook-zip.js';

export const IMPORT_FILES_JOB = 'import-files-cleanup';
/** Hourly: a file outlives its IMPORT_FILE_DAYS by an hour at most. */
export const IMPORT_FILES_EVERY_MS = 60 * 60 * 1000;
/** Files deleted per run; a larger backlog goes on at the next run. */
const PER_RUN = 1000;
/** A workbook is read in seconds: a scratch copy this old was left by a process that died reading it. */
const STALE_SCRATCH_MS = 60 * 60 * 1000;

/**
 * Deletes the uploaded files of imports whose last step (upload, preview, run or undo) is older
 * than IMPORT_FILE_DAYS: the file is needed to preview and run an import, not to undo it (undo
 * reads the rows the run recorded). The import and its counts stay in the history; previewing or
 * running it again asks for the file anew. Also removes workbook scratch copies that a killed
 * process left. A scheduled job (job-handlers.ts); answers how many files it deleted.
 */
export async function deleteExpiredImportFiles(ctx: AppContext): Promise<number> {
  const before = isoAfter(-ctx.config.importFileDays * 86_400_000);
  const expired = await listImportFilesBefore(ctx.db, before, PER_RUN);
  for (const { id, file_key } of expired) {
    // The file first: a crash in between leaves a key to a missing file, which the next run deletes
    // again (a no-op) and clears.
    await ctx.files.delete(file_key);
    await clearImportFile(ctx.db, id, file_key);
  }
  await sweepScratch(scratchDirOf(ctx.config.dataDir), new Date(Date.now() - STALE_SCRATCH_MS));
  return expired.length;
}
