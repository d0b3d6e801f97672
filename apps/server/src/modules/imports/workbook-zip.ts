import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { limitMessages, MAX_WORKBOOK_INFLATED_BYTES, overLimit } from './import-limits.js';

/** An XLSX is a few dozen parts; a zip of thousands is not a workbook, and listing it costs memory. */
const MAX_PARTS = 10_000;
const SCRATCH_PREFIX = 'workbook-';

/** Thrown for a zip that is not a workbook; the reader answers it with "could not be read". */
export class NotAWorkbook extends Error {}

/**
 * A workbook's zip, opened by its central directory (the list at the end of the file), so that
 * each part is found by name whatever order the parts were written in: Excel writes the sheets
 * before the table of texts they refer to. The parts are inflated as they are read, the bytes
 * counted across all of them, and reading stops at the first byte past the bound.
 */
export class WorkbookZip {
  private inflated = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly parts: Map<string, yauzl.Entry>,
  ) {}

  /**
   * Copies the upload (which may be in a bucket) to a scratch file, which random access needs, runs
   * `read` on its zip, and removes the file afterwards, whether `read` ends, fails or is abandoned.
   */
  static async *using<T>(
    source: () => Promise<Readable>,
    scratchDir: string,
    read: (zip: WorkbookZip) => AsyncGenerator<T>,
  ): AsyncGenerator<T> {
    await mkdir(scratchDir, { recursive: true, mode: 0o700 });
    const file = path.join(scratchDir, `${SCRATCH_PREFIX}${randomBytes(12).toString('hex')}.xlsx`);
    let zip: yauzl.ZipFile | undefined;
    try {
      await pipeline(await source(), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      zip = await yauzl
        .openPromise(file, {
          lazyEntries: true,
          autoClose: false,
          validateEntrySizes: true,
          strictFileNames: false,
        })
        .catch((error: unknown) => {
          throw new NotAWorkbook(String(error));
        });
      if (zip.entryCount > MAX_PARTS) throw new NotAWorkbook(`${zip.entryCount} parts`);
      yield* read(new WorkbookZip(zip, await listParts(zip)));
    } finally {
      zip?.close();
      await rm(file, { force: true });
    }
  }

  has(name: string): boolean {
    return this.parts.has(name.toLowerCase());
  }

  /**
   * Refuses at once when the parts about to be read say they inflate past the bound, with what was
   * read already: a bomb is refused before it is inflated at all, when its sizes are told.
   */
  checkDeclared(names: string[]): void {
    let declared = this.inflated;
    for (const name of names) declared += this.parts.get(name.toLowerCase())?.uncompressedSize ?? 0;
    if (declared > MAX_WORKBOOK_INFLATED_BYTES) throw overLimit(limitMessages.inflated);
  }

  /** A part's bytes as they inflate; a size the header understated is caught by yauzl, ours by the count. */
  async *read(name: string): AsyncGenerator<Buffer> {
    const entry = this.parts.get(name.toLowerCase());
    if (!entry) throw new NotAWorkbook(`no ${name}`);
    this.checkDeclared([name]);
    const stream = await this.zip.openReadStreamPromise(entry).catch((error: unknown) => {
      throw new NotAWorkbook(String(error));
    });
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        this.inflated += chunk.length;
        if (this.inflated > MAX_WORKBOOK_INFLATED_BYTES) throw overLimit(limitMessages.inflated);
        yield chunk;
      }
    } finally {
      stream.destroy();
    }
  }
}

async function listParts(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  const parts = new Map<string, yauzl.Entry>();
  for (;;) {
    const entry = await new Promise<yauzl.Entry | undefined>((resolve, reject) => {
      const cleanup = () => {
        zip.off('entry', onEntry);
        zip.off('end', onEnd);
        zip.off('error', onError);
      };
      const onEntry = (value: yauzl.Entry) => {
        cleanup();
        resolve(value);
      };
      const onEnd = () => {
        cleanup();
        resolve(undefined);
      };
      const onError = (error: Error) => {
        cleanup();
        reject(new NotAWorkbook(String(error)));
      };
      zip.on('entry', onEntry);
      zip.on('end', onEnd);
      zip.on('error', onError);
      zip.readEntry();
    });
    if (!entry) return parts;
    // Part names are case-insensitive (Open Packaging Conventions).
    if (!entry.fileName.endsWith('/')) parts.set(entry.fileName.toLowerCase(), entry);
  }
}

/**
 * Removes scratch files older than `before` that a process killed in the middle of a read left
 * behind (a read removes its own when it ends); answers how many.
 */
export async function sweepScratch(scratchDir: string, before: Date): Promise<number> {
  const names = await readdir(scratchDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith(SCRATCH_PREFIX)) continue;
    const file = path.join(scratchDir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtime < before) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
