import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: a folder of this machine or an S3-compatible bucket, chosen by
 * FILE_STORAGE. Names are the random stored names of the files table; nothing a user typed.
 *
 * An upload is written under a temporary name first (`putTemporary`) and becomes visible only when
 * `commit` moves it to its real name, inside the transaction that inserts its row. A request that
 * fails or a process killed midway leaves at most a temporary, which `sweepTemporaries` removes.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Streams `body` to the temporary name of `name`; answers the bytes written. Nothing is left on failure. */
  putTemporary(name: string, body: Readable): Promise<number>;
  /** Makes a temporary the file `name`. */
  commit(name: string): Promise<void>;
  /** Removes the temporary of `name`, if any. */
  discard(name: string): Promise<void>;
  /** Writes a whole file at once (restore, migration): a temporary, then commit. */
  put(name: string, body: Readable): Promise<number>;
  /** The file's bytes and size, or undefined when there is no such file. */
  get(name: string): Promise<{ body: Readable; size: number } | undefined>;
  exists(name: string): Promise<boolean>;
  delete(name: string): Promise<void>;
  /** Every committed file name (backups and migration). */
  list(): AsyncIterable<string>;
  /** Removes temporaries last written before `before`; answers how many. */
  sweepTemporaries(before: Date): Promise<number>;
  /** Throws when the store cannot be written to (the readiness probe). */
  check(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Another instance may be uploading right now: only temporaries older than this are abandoned. An
 * upload is at most 5 MB, so a live one is never this old.
 */
export const STALE_TEMPORARY_MS = 60 * 60 * 1000;

/** Temporaries live under this prefix (a sub-folder locally); stored names are random, so never clash. */
export const TEMPORARY_PREFIX = 'tmp/';

export async function writeWhole(store: FileStore, name: string, body: Readable): Promise<number> {
  const size = await store.putTemporary(name, body);
  try {
    await store.commit(name);
  } catch (error) {
    await store.discard(name);
    throw error;
  }
  return size;
}
