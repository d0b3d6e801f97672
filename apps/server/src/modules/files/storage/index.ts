import type { Config } from '../../../config.js';
import { type FileStore, STALE_TEMPORARY_MS } from './file-store.js';
import { LocalFileStore, uploadsDir } from './local-store.js';
import { S3FileStore } from './s3-store.js';

export type { FileStore } from './file-store.js';
export { STALE_TEMPORARY_MS } from './file-store.js';

/** The store FILE_STORAGE names: DATA_DIR/uploads, or the S3_* bucket. */
export function createFileStore(config: Pick<Config, 'dataDir' | 'fileStorage'>): FileStore {
  const storage = config.fileStorage;
  return storage.kind === 's3' ? new S3FileStore(storage.s3) : new LocalFileStore(uploadsDir(config.dataDir));
}

/**
 * At start: removes the temporaries of uploads that a killed process left behind. Only those older
 * than an upload can take, since other instances may be uploading right now.
 */
export async function sweepStaleUploads(
  config: Pick<Config, 'dataDir' | 'fileStorage'>,
  log: { info: (fields: object, message: string) => void },
): Promise<void> {
  const store = createFileStore(config);
  try {
    const removed = await store.sweepTemporaries(new Date(Date.now() - STALE_TEMPORARY_MS));
    if (removed > 0) log.info({ removed }, 'removed the temporaries of interrupted uploads');
  } finally {
    await store.close();
  }
}
