import type { Config } from '../../config.js';
import { type FileStore, STALE_TEMPORARY_MS } from './file-store.js';
import { LocalFileStore, uploadsDir } from './local-store.js';
import { S3FileStore } from './s3-store.js';

export type { FileStore } from './file-store.js';
export { STALE_TEMPORARY_MS } from './file-store.js';

/** The store FILE_STORAGE names: DATA_DIR/uploads, or the S3_* bucket. */
export function createFileStore(
  config: Pick<Config, 'dataDir' | 'fileStorage' | 's3'>,
  kind: 'local' | 's3' = config.fileStorage,
): FileStore {
  if (kind === 'local') return new LocalFileStore(uploadsDir(config.dataDir));
  if (!config.s3) throw new Error('S3_BUCKET (and the other S3_* settings) must be set to use S3');
  return new S3FileStore(config.s3);
}

export const TEMPORARIES_JOB = 'upload-temporaries-sweep';

/**
 * Removes the temporaries of uploads that a killed process left behind; a scheduled job, every
 * STALE_TEMPORARY_MS. Only those older than an upload can take are removed, since other processes
 * and instances may be uploading right now. Answers how many it removed.
 */
export async function sweepStaleTemporaries(
  store: FileStore,
  log: { info: (fields: object, message: string) => void },
): Promise<number> {
  const removed = await store.sweepTemporaries(new Date(Date.now() - STALE_TEMPORARY_MS));
  if (removed > 0) log.info({ removed }, 'removed the temporaries of interrupted uploads');
  return removed;
}
