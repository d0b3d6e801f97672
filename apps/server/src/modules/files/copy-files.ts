import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/database.js';
import type { FileStore } from '../storage/index.js';
import { storedNamesAfter } from './files.repository.js';

export interface CopyReport {
  copied: number;
  /** Already in the target with the same checksum (an earlier, interrupted run). */
  alreadyThere: number;
  /** Rows whose file is in neither store: listed, never invented. */
  missing: string[];
}

async function sha256(body: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function checksumOf(store: FileStore, name: string): Promise<string | undefined> {
  const file = await store.get(name);
  return file ? sha256(file.body) : undefined;
}

const PAGE = 500;

/**
 * Copies the file of every row from one store to another, verifying each copy by reading it back
 * and comparing SHA-256 checksums. A file already in the target with the right checksum is left as
 * it is, so a run that stopped halfway is simply run again. The source is never changed.
 */
export async function copyFiles(
  db: Db,
  from: FileStore,
  to: FileStore,
  progress: (name: string, outcome: 'copied' | 'already there' | 'missing') => void = () => {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, alreadyThere: 0, missing: [] };
  let afterId = 0;
  for (;;) {
    const rows = await storedNamesAfter(db, afterId, PAGE);
    if (rows.length === 0) return report;
    afterId = rows[rows.length - 1]!.id;
    for (const { filename } of rows) {
      const expected = await checksumOf(from, filename);
      if (expected === undefined) {
        if (await to.exists(filename)) {
          report.alreadyThere += 1;
          progress(filename, 'already there');
        } else {
          report.missing.push(filename);
          progress(filename, 'missing');
        }
        continue;
      }
      if ((await checksumOf(to, filename)) === expected) {
        report.alreadyThere += 1;
        progress(filename, 'already there');
        continue;
      }
      const source = await from.get(filename);
      if (!source) throw new Error(`${filename} disappeared from the source while copying`);
      await to.put(filename, source.body);
      const copied = await checksumOf(to, filename);
      if (copied !== expected) {
        throw new Error(`${filename}: the copy's checksum ${copied} differs from the original's ${expected}`);
      }
      report.copied += 1;
      progress(filename, 'copied');
    }
  }
}

/** Stored names of the file rows whose file the store does not have. */
export async function missingFiles(db: Db, store: FileStore): Promise<string[]> {
  const missing: string[] = [];
  let afterId = 0;
  for (;;) {
    const rows = await storedNamesAfter(db, afterId, PAGE);
    if (rows.length === 0) return missing;
    afterId = rows[rows.length - 1]!.id;
    for (const { filename } of rows) if (!(await store.exists(filename))) missing.push(filename);
  }
}
