import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import * as tar from 'tar';
import type { Config } from '../../config.js';
import { createDatabase, sqlitePath } from '../../db/database.js';
import { KNOWN_MIGRATIONS, LATEST_MIGRATION } from '../../db/migrate.js';
import { recordAudit } from '../audit/audit.service.js';
import { missingFiles } from '../files/copy-files.js';
import { createFileStore } from '../storage/index.js';
import {
  createDecryptor,
  createEncryptor,
  isEncryptedBackup,
  MIN_PASSPHRASE_LENGTH,
} from './backup-crypto.js';

/** What a backup archive holds, written first in it as manifest.json. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  engine: 'sqlite' | 'postgres';
  /** The last migration the database had, and all of them: a restore needs code that knows each. */
  migration: string;
  migrations: string[];
  /** Where the files were: with s3 the archive holds none (back up the bucket). */
  fileStorage: 'local' | 's3';
  files: number;
}

/** Backups hold the token secret and every password hash: only their owner may read them. */
const ARCHIVE_MODE = 0o600;
const PRIVATE_DIR_MODE = 0o700;

const SQLITE_FILE = 'database/crm.sqlite';
const POSTGRES_FILE = 'database/crm.pgdump';

/** Runs a PostgreSQL client program (pg_dump, pg_restore); its errors become the message. */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.once('error', (error) =>
      reject(new Error(`${program} could not be started (${error.message}): install the PostgreSQL client`)),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed (exit code ${code}):\n${errors.trim()}`)),
    );
  });
}

async function withWorkDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'crm-backup-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface BackupOptions {
  /** Encrypts the archive with a key derived from it (backup-crypto.ts). */
  passphrase?: Buffer;
}

/**
 * One archive (tar.gz) with the database and every local file. The database is copied first and
 * the files after: files are never removed by the app, so every row of the copy finds its file.
 * SQLite is copied with its online backup API, PostgreSQL with pg_dump; both while the app serves.
 * The archive is readable by its owner only, whatever the umask, and appears under its name only
 * once whole.
 */
export async function createBackup(
  config: Config,
  out: string,
  options: BackupOptions = {},
): Promise<BackupManifest> {
  if (options.passphrase && options.passphrase.length < MIN_PASSPHRASE_LENGTH) {
    throw new Error(`The passphrase must be at least ${MIN_PASSPHRASE_LENGTH} characters long`);
  }
  return withWorkDir(async (work) => {
    await mkdir(path.join(work, 'database'));
    const engine = config.databaseUrl ? 'postgres' : 'sqlite';
    let migrations: string[];
    if (config.databaseUrl) {
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(work, POSTGRES_FILE)}`,
        `--dbname=${config.databaseUrl}`,
      ]);
      const db = createDatabase(config);
      try {
        const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
        migrations = rows.rows.map((row) => row.name);
      } finally {
        await db.destroy();
      }
    } else {
      const source = sqlitePath(config.dataDir);
      if (!existsSync(source)) throw new Error(`There is no database at ${source} to back up`);
      const live = new SQLite(source, { fileMustExist: true });
      try {
        await live.backup(path.join(work, SQLITE_FILE));
      } finally {
        live.close();
      }
      const copy = new SQLite(path.join(work, SQLITE_FILE), { readonly: true });
      try {
        const rows = copy.prepare('select name from kysely_migration order by name').all() as {
          name: string;
        }[];
        migrations = rows.map((row) => row.name);
      } finally {
        copy.close();
      }
    }

    let files = 0;
    const entries = ['manifest.json', 'database'];
    if (config.fileStorage === 'local') {
      const store = createFileStore(config, 'local');
      await mkdir(path.join(work, 'uploads'));
      for await (const name of store.list()) {
        await copyFile(path.join(config.dataDir, 'uploads', name), path.join(work, 'uploads', name));
        files += 1;
      }
      entries.push('uploads');
    }
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      engine,
      migration: migrations.at(-1) ?? '',
      migrations,
      fileStorage: config.fileStorage,
      files,
    };
    await writeFile(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const target = path.resolve(out);
    await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
    const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
    try {
      if (options.passphrase) {
        const plain = path.join(work, 'archive.tar.gz');
        await tar.create({ gzip: true, file: plain, cwd: work, portable: true }, entries);
        await pipeline(
          createReadStream(plain),
          await createEncryptor(options.passphrase),
          createWriteStream(partial, { flags: 'wx', mode: ARCHIVE_MODE }),
        );
      } else {
        await tar.create(
          { gzip: true, file: partial, cwd: work, portable: true, mode: ARCHIVE_MODE },
          entries,
        );
      }
      // The mode given at creation is narrowed by the umask; this sets it exactly.
      await chmod(partial, ARCHIVE_MODE);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    await recordBackup(config, manifest, Boolean(options.passphrase));
    return manifest;
  });
}

/**
 * The backup as an audit entry, once its archive is whole. It runs from the command line, where
 * nobody is signed in: no actor, no address. A database from before the audit log has no table.
 */
async function recordBackup(config: Config, manifest: BackupManifest, encrypted: boolean): Promise<void> {
  if (!manifest.migrations.includes('0038-audit-log')) return;
  const db = createDatabase(config);
  try {
    const { engine, migration, files, fileStorage } = manifest;
    await recordAudit(db, {
      actor: null,
      action: 'backup',
      detail: { via: 'cli', engine, migration, files, fileStorage, encrypted },
      address: '',
    });
  } finally {
    await db.destroy();
  }
}

export interface RestoreReport {
  manifest: BackupManifest;
  filesRestored: number;
  /** Rows whose file is not in the store after the restore (none when the backup was whole). */
  missing: string[];
}

export interface RestoreOptions {
  /** The passphrase the backup was encrypted with; required for an encrypted one. */
  passphrase?: Buffer;
  /**
   * Restores the database alone and leaves the file store as it is (not necessarily empty): for a
   * backup taken with S3 storage, whose files are in the bucket (or its replica) already.
   */
  databaseOnly?: boolean;
}

/**
 * Restores an archive of createBackup into this configuration's database and file store, which
 * must be empty: a restore never mixes two states. Afterwards every file row finds its file.
 * An encrypted archive is decrypted whole, every chunk checked, before anything is restored.
 */
export async function restoreBackup(
  config: Config,
  archive: string,
  options: RestoreOptions = {},
): Promise<RestoreReport> {
  if (!existsSync(archive)) throw new Error(`There is no backup at ${archive}`);
  const encrypted = await isEncryptedBackup(archive);
  if (encrypted && !options.passphrase) {
    throw new Error(
      'This backup is encrypted: restore it with --passphrase-file and the file it was made with',
    );
  }
  if (!encrypted && options.passphrase) {
    throw new Error('This backup is not encrypted: restore it without --passphrase-file');
  }
  return withWorkDir(async (work) => {
    const { passphrase } = options;
    if (passphrase) {
      await withWorkDir(async (decrypted) => {
        const plain = path.join(decrypted, 'archive.tar.gz');
        await pipeline(
          createReadStream(archive),
          createDecryptor(passphrase),
          createWriteStream(plain, { flags: 'wx', mode: ARCHIVE_MODE }),
        );
        await tar.extract({ file: plain, cwd: work, strict: true });
      });
    } else {
      await tar.extract({ file: archive, cwd: work, strict: true });
    }
    const manifest = JSON.parse(await readFile(path.join(work, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== 1) throw new Error('This file is not a backup of this CRM');
    const engine = config.databaseUrl ? 'postgres' : 'sqlite';
    if (manifest.engine !== engine) {
      throw new Error(
        `This backup holds a ${manifest.engine} database; the configuration uses ${engine}. ` +
          `Restore it with ${manifest.engine === 'postgres' ? 'DATABASE_URL set' : 'DATABASE_URL unset'}.`,
      );
    }
    const unknown = (manifest.migrations ?? [manifest.migration]).filter(
      (name) => !KNOWN_MIGRATIONS.includes(name),
    );
    if (unknown.length > 0) {
      throw new Error(
        `This backup was made by a newer version of the CRM (migration ${unknown.at(-1)}); ` +
          `this version ends at ${LATEST_MIGRATION}. Restore it with that version or a newer one.`,
      );
    }
    const store = createFileStore(config);
    try {
      if (!options.databaseOnly) {
        for await (const name of store.list()) {
          throw new Error(
            `The file store is not empty (it holds ${name}): restore into an empty one, or restore the database alone with --database-only`,
          );
        }
      }
      if (config.databaseUrl) {
        await ensureEmptyPostgres(config);
        await run('pg_restore', [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          `--dbname=${config.databaseUrl}`,
          path.join(work, POSTGRES_FILE),
        ]);
      } else {
        const target = sqlitePath(config.dataDir);
        if (existsSync(target)) {
          throw new Error(`${target} already exists: restore into an empty DATA_DIR`);
        }
        await mkdir(config.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
        await copyFile(path.join(work, SQLITE_FILE), target);
      }

      let filesRestored = 0;
      const uploads = path.join(work, 'uploads');
      if (!options.databaseOnly && existsSync(uploads)) {
        for (const name of await readdir(uploads)) {
          await store.put(name, createReadStream(path.join(uploads, name)));
          filesRestored += 1;
        }
      }
      const db = createDatabase(config);
      try {
        return { manifest, filesRestored, missing: await missingFiles(db, store) };
      } finally {
        await db.destroy();
      }
    } finally {
      await store.close();
    }
  });
}

async function ensureEmptyPostgres(config: Config): Promise<void> {
  const db = createDatabase(config);
  try {
    const tables = await db.introspection.getTables();
    if (tables.length > 0) {
      throw new Error(
        `The database already has tables (${tables[0]?.name}, …): restore into an empty database`,
      );
    }
  } finally {
    await db.destroy();
  }
}
