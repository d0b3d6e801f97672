import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { createDatabase, sqlitePath } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createBackup, restoreBackup } from '../src/modules/backup/backup.service.js';
import { readPassphraseFile } from '../src/modules/backup/backup-crypto.js';
import { createFileStore } from '../src/modules/storage/index.js';
import { createContact, dayFromToday, type FileJson, leadPayload } from './helpers/contacts.js';
import { multipartBody } from './helpers/multipart.js';
import { envOf, runOperationsCli } from './helpers/operations-cli.js';
import {
  createScratchDatabase,
  createTestApp,
  type SignedIn,
  signIn,
  type TestApp,
} from './helpers/test-app.js';

const PASSPHRASE = 'correct horse battery staple';
/** Each key derivation takes 128 MiB and half a second, a CLI run a few seconds of loading. */
const SLOW = 120_000;

let t: TestApp;
let admin: SignedIn;
let work: string;
let passphraseFile: string;
let encrypted: string;
let contactId: number;
const contents = new Map<string, string>();
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await createTestApp();
  work = mkdtempSync(path.join(tmpdir(), 'crm-backup-secrets-'));
  passphraseFile = path.join(work, 'passphrase');
  writeFileSync(passphraseFile, `${PASSPHRASE}\n`, { mode: 0o600 });
  encrypted = path.join(work, 'crm.tar.gz.enc');
  admin = await signIn(t, { role: 'admin' });
  contactId = (await createContact(t, admin, leadPayload())).id;
  // Random bytes do not compress: the archive spans several of the encryption's 64 KiB chunks.
  for (const [filename, content] of [
    ['passport.pdf', '%PDF passport'],
    ['scan.txt', randomBytes(150_000).toString('base64')],
  ] as const) {
    const body = multipartBody({ validUntil: dayFromToday(30) }, { filename, content });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/contacts/${contactId}/upload-file`,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    contents.set(filename, content);
  }
  await createBackup(t.config, encrypted, { passphrase: Buffer.from(PASSPHRASE) });
}, SLOW);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await t.close();
  rmSync(work, { recursive: true, force: true });
}, SLOW);

/** An empty place to restore into: a new DATA_DIR and, on PostgreSQL, a new empty database. */
async function emptyTarget(): Promise<Config> {
  const scratch = await createScratchDatabase();
  if (scratch) cleanups.push(scratch.drop);
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(work, 'restore-')),
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
}

/** Nothing was restored: no SQLite file or no table in the database, no file in the store. */
async function expectNothingRestored(target: Config): Promise<void> {
  if (target.databaseUrl) {
    const db = createDatabase(target);
    try {
      expect(await db.introspection.getTables()).toEqual([]);
    } finally {
      await db.destroy();
    }
  } else {
    expect(existsSync(sqlitePath(target.dataDir))).toBe(false);
  }
  const store = createFileStore(target);
  try {
    const names: string[] = [];
    for await (const name of store.list()) names.push(name);
    expect(names).toEqual([]);
  } finally {
    await store.close();
  }
}

/** Starts the app on a restored configuration and downloads every file of the contact as the admin. */
async function downloadsAfterRestore(config: Config): Promise<Map<string, string>> {
  const db = createDatabase(config);
  await migrateToLatest(db);
  const app = await buildApp({ config, db, serveWeb: false });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: admin.password },
    });
    expect(login.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const files = await app.inject({ method: 'GET', url: `/api/contacts/${contactId}/files`, headers });
    const downloaded = new Map<string, string>();
    for (const file of files.json<FileJson[]>()) {
      const res = await app.inject({ method: 'GET', url: file.url });
      expect(res.statusCode, file.name).toBe(200);
      downloaded.set(file.name, res.body);
    }
    return downloaded;
  } finally {
    await app.close();
    await db.destroy();
  }
}

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Where each chunk of an encrypted backup begins: after the 64-byte header, frame after frame. */
function chunkOffsets(bytes: Buffer): number[] {
  const offsets: number[] = [];
  for (let at = 64; at < bytes.length; at += 1 + 4 + 12 + bytes.readUInt32BE(at + 1) + 16) offsets.push(at);
  return offsets;
}

describe('the archive and the data folder are private', () => {
  it(
    'npm run backup writes the archive with mode 0600 even under umask 000',
    async () => {
      const out = path.join(work, 'plain', 'crm.tar.gz');
      const res = await runOperationsCli('backup', ['--out', out], {
        env: envOf(t.config),
        cwd: work,
        umask: '000',
      });
      expect(res.stderr).toBe('');
      expect(res.code).toBe(0);
      expect(modeOf(out)).toBe(0o600);
      expect(modeOf(path.dirname(out))).toBe(0o700);
      // No partial file is left beside it.
      expect(readdirSync(path.dirname(out))).toEqual(['crm.tar.gz']);
    },
    SLOW,
  );

  it('replaces an existing readable file with a 0600 one', async () => {
    const out = path.join(work, 'existing.tar.gz');
    writeFileSync(out, 'an older backup', { mode: 0o644 });
    await createBackup(t.config, out);
    expect(modeOf(out)).toBe(0o600);
    expect(modeOf(encrypted)).toBe(0o600);
  });

  it('creates the data folder (and its uploads folder) with mode 0700', async () => {
    const dataDir = path.join(work, 'fresh', 'data');
    const db = createDatabase({ databaseUrl: undefined, dataDir });
    await db.destroy();
    expect(modeOf(dataDir)).toBe(0o700);

    const storeDir = path.join(work, 'fresh-store', 'data');
    const store = createFileStore({ ...t.config, dataDir: storeDir, fileStorage: 'local' });
    await store.check();
    await store.close();
    expect(modeOf(storeDir)).toBe(0o700);
    expect(modeOf(path.join(storeDir, 'uploads'))).toBe(0o700);
  });
});

describe('encrypted backups (--passphrase-file)', () => {
  it('is framed: the header, then several chunks, the last one marked', () => {
    const bytes = readFileSync(encrypted);
    expect(bytes.subarray(0, 8).toString('ascii')).toBe('CRMCRYPT');
    const offsets = chunkOffsets(bytes);
    expect(offsets.length).toBeGreaterThan(2);
    expect(offsets.map((at) => bytes[at])).toEqual([...offsets.slice(1).map(() => 0), 1]);
  });

  it(
    'restores with the same passphrase file, after which every file downloads',
    async () => {
      const target = await emptyTarget();
      const report = await restoreBackup(target, encrypted, {
        passphrase: await readPassphraseFile(passphraseFile),
      });
      expect(report.filesRestored).toBe(2);
      expect(report.missing).toEqual([]);
      expect(await downloadsAfterRestore(target)).toEqual(contents);
    },
    SLOW,
  );

  it(
    'refuses a wrong passphrase with exit code 1 and restores nothing',
    async () => {
      const target = await emptyTarget();
      const wrong = path.join(work, 'wrong-passphrase');
      writeFileSync(wrong, 'correct horse battery stapler\n');
      const res = await runOperationsCli('restore', [encrypted, '--passphrase-file', wrong], {
        env: envOf(target),
        cwd: work,
      });
      expect(res.stderr.trim()).toBe('The passphrase does not open this backup');
      expect(res.code).toBe(1);
      await expectNothingRestored(target);
    },
    SLOW,
  );

  it(
    'refuses a file cut short, wherever the cut, and restores nothing',
    async () => {
      const bytes = readFileSync(encrypted);
      const target = await emptyTarget();
      const offsets = chunkOffsets(bytes);
      const last = offsets.at(-1)!;
      for (const length of [
        40, // within the header
        64, // the header alone
        offsets[1]! + 100, // within the second chunk
        last, // every chunk but the last one
        bytes.length - 1, // the last byte missing
      ]) {
        const cut = path.join(work, `cut-${length}.enc`);
        writeFileSync(cut, bytes.subarray(0, length));
        await expect(
          restoreBackup(target, cut, { passphrase: Buffer.from(PASSPHRASE) }),
          `cut at ${length}`,
        ).rejects.toThrow(/^The backup file is cut short: it ends before its last part$/);
        await expectNothingRestored(target);
      }
    },
    SLOW,
  );

  it(
    'refuses an altered file: a changed byte, chunks swapped, bytes after the end',
    async () => {
      const bytes = readFileSync(encrypted);
      const target = await emptyTarget();
      const [first, second, third] = chunkOffsets(bytes) as [number, number, number];
      const flipped = Buffer.from(bytes);
      flipped[second + 500] = (flipped[second + 500] ?? 0) ^ 1;
      const swapped = Buffer.concat([
        bytes.subarray(0, first),
        bytes.subarray(second, third),
        bytes.subarray(first, second),
        bytes.subarray(third),
      ]);
      const extended = Buffer.concat([bytes, bytes.subarray(first, second)]);
      for (const [name, altered] of [
        ['flipped', flipped],
        ['swapped', swapped],
        ['extended', extended],
      ] as const) {
        const file = path.join(work, `${name}.enc`);
        writeFileSync(file, altered);
        await expect(
          restoreBackup(target, file, { passphrase: Buffer.from(PASSPHRASE) }),
          name,
        ).rejects.toThrow(/^The backup file is damaged or was altered$/);
        await expectNothingRestored(target);
      }
    },
    SLOW,
  );

  it('asks for the passphrase file of an encrypted backup, and refuses one for a plain backup', async () => {
    const target = await emptyTarget();
    await expect(restoreBackup(target, encrypted)).rejects.toThrow(
      'This backup is encrypted: restore it with --passphrase-file and the file it was made with',
    );
    const plain = path.join(work, 'existing.tar.gz');
    await expect(restoreBackup(target, plain, { passphrase: Buffer.from(PASSPHRASE) })).rejects.toThrow(
      'This backup is not encrypted: restore it without --passphrase-file',
    );
    await expectNothingRestored(target);
  });

  it('refuses a passphrase shorter than 12 characters, and an empty passphrase file', async () => {
    const out = path.join(work, 'weak.enc');
    await expect(createBackup(t.config, out, { passphrase: Buffer.from('short') })).rejects.toThrow(
      'The passphrase must be at least 12 characters long',
    );
    expect(existsSync(out)).toBe(false);
    const empty = path.join(work, 'empty-passphrase');
    writeFileSync(empty, '\r\n');
    await expect(readPassphraseFile(empty)).rejects.toThrow(`The passphrase file ${empty} is empty`);
    await expect(readPassphraseFile(path.join(work, 'nowhere'))).rejects.toThrow(
      `There is no passphrase file at ${path.join(work, 'nowhere')}`,
    );
  });
});
