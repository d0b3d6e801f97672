import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type FileStore, TEMPORARY_PREFIX, writeWhole } from './file-store.js';

/** Uploaded files live in DATA_DIR/uploads; the database keeps their real names. */
export function uploadsDir(dataDir: string): string {
  return path.resolve(dataDir, 'uploads');
}

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/**
 * A folder of this machine. Temporaries are in its tmp/ sub-folder, on the same file system, so a
 * commit is an atomic rename.
 */
export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;
  private readonly temporaries: string;

  constructor(readonly root: string) {
    this.temporaries = path.join(root, TEMPORARY_PREFIX);
  }

  private final(name: string) {
    return path.join(this.root, name);
  }

  private temporary(name: string) {
    return path.join(this.temporaries, name);
  }

  async putTemporary(name: string, body: Readable): Promise<number> {
    // Creates DATA_DIR and uploads/ too when missing: private to the server's account, like the files.
    await mkdir(this.temporaries, { recursive: true, mode: 0o700 });
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    try {
      await pipeline(body, createWriteStream(this.temporary(name), { flags: 'wx', mode: 0o600 }));
    } catch (error) {
      await this.discard(name);
      throw error;
    }
    return size;
  }

  async commit(name: string): Promise<void> {
    await rename(this.temporary(name), this.final(name));
  }

  async discard(name: string): Promise<void> {
    await rm(this.temporary(name), { force: true });
  }

  put(name: string, body: Readable): Promise<number> {
    return writeWhole(this, name, body);
  }

  async get(name: string): Promise<{ body: Readable; size: number } | undefined> {
    try {
      const info = await stat(this.final(name));
      if (!info.isFile()) return undefined;
      return { body: createReadStream(this.final(name)), size: info.size };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async exists(name: string): Promise<boolean> {
    return stat(this.final(name)).then(
      (info) => info.isFile(),
      (error: unknown) => {
        if (isMissing(error)) return false;
        throw error;
      },
    );
  }

  async delete(name: string): Promise<void> {
    await rm(this.final(name), { force: true });
  }

  async *list(): AsyncIterable<string> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(this.root, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) if (entry.isFile()) yield entry.name;
  }

  async sweepTemporaries(before: Date): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.temporaries);
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const file = this.temporary(name);
      const info = await stat(file).catch(() => undefined);
      if (info && info.mtime < before) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  async check(): Promise<void> {
    await mkdir(this.temporaries, { recursive: true, mode: 0o700 });
    await access(this.temporaries, constants.W_OK);
    const info = await stat(this.root);
    if (!info.isDirectory()) throw new Error(`${this.root} is not a folder`);
  }

  async close(): Promise<void> {}
}
