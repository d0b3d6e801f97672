import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createBackup, restoreBackup } from '../src/modules/backup/backup.service.js';
import { call, createContact, dayFromToday, type FileJson, leadPayload } from './helpers/contacts.js';
import { multipartBody } from './helpers/multipart.js';
import { envOf, runOperationsCli } from './helpers/operations-cli.js';
import { startTestS3, type TestS3 } from './helpers/s3-server.js';
import {
  createScratchDatabase,
  createTestApp,
  type SignedIn,
  signIn,
  type TestApp,
} from './helpers/test-app.js';

let t: TestApp;
let admin: SignedIn;
let s3: TestS3;
let work: string;
let archive: string;
let contactId: number;
const contents = new Map<string, string>();
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await createTestApp();
  s3 = await startTestS3();
  work = mkdtempSync(path.join(tmpdir(), 'crm-backup-test-'));
  archive = path.join(work, 'nested', 'crm.tar.gz');
  admin = await signIn(t, { role: 'admin' });
  contactId = (await createContact(t, admin, leadPayload())).id;
  for (const [filename, content] of [
    ['passport.pdf', '%PDF passport'],
    ['deed.png', 'png bytes'],
    ['gone.txt', 'deleted but kept'],
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
    if (filename === 'gone.txt') {
      await call(t, 'PATCH', `/api/contacts/deactivate/files/${res.json<FileJson>().id}`, admin);
    }
  }
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await t.close();
  await s3.close();
  rmSync(work, { recursive: true, force: true });
}, 120_000);

/** An empty place to restore into: a new DATA_DIR and, on PostgreSQL, a new empty database. */
async function emptyTarget(env: Record<string, string> = {}): Promise<Config> {
  const dataDir = mkdtempSync(path.join(work, 'restore-'));
  const scratch = await createScratchDatabase();
  if (scratch) cleanups.push(scratch.drop);
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...env,
  });
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

describe('npm run backup / npm run restore', () => {
  it('backs up the database and every local file in one archive', async () => {
    const manifest = await createBackup(t.config, archive);
    expect(manifest).toMatchObject({
      format: 1,
      engine: t.config.databaseUrl ? 'postgres' : 'sqlite',
      fileStorage: 'local',
      files: 3,
    });
    expect(manifest.migration).toMatch(/^\d{4}/);
  });

  it('restores into an empty DATA_DIR or database, after which every file downloads', async () => {
    const target = await emptyTarget();
    const report = await restoreBackup(target, archive);
    expect(report.filesRestored).toBe(3);
    expect(report.missing).toEqual([]);
    expect(await downloadsAfterRestore(target)).toEqual(contents);
  });

  it('restores the files into an S3 store when the restored instance uses one', async () => {
    const target = await emptyTarget(s3.env);
    const report = await restoreBackup(target, archive);
    expect(report.missing).toEqual([]);
    expect(await downloadsAfterRestore(target)).toEqual(contents);
  });

  it('refuses to restore over existing data', async () => {
    const target = await emptyTarget();
    await restoreBackup(target, archive);
    await expect(restoreBackup(target, archive)).rejects.toThrow(/not empty|already|empty/);
    await expect(restoreBackup(t.config, archive)).rejects.toThrow(/restore into an empty/);
  });
});

describe('upgrades', () => {
  it('refuses to restore a backup made by a newer version', async () => {
    const unpacked = mkdtempSync(path.join(work, 'unpacked-'));
    await tar.extract({ file: archive, cwd: unpacked });
    const manifestFile = path.join(unpacked, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { migrations: string[] };
    manifest.migrations.push('0010b-from-the-future');
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const newer = path.join(work, 'newer.tar.gz');
    await tar.create({ gzip: true, file: newer, cwd: unpacked }, readdirSync(unpacked));
    await expect(restoreBackup(await emptyTarget(), newer)).rejects.toThrow(
      /^This backup was made by a newer version of the CRM \(migration 0010b-from-the-future\); this version ends at \d{4}/,
    );
  });

  it('refuses a database that a newer version has migrated, with a clear sentence', async () => {
    const target = await emptyTarget();
    await restoreBackup(target, archive);
    const db = createDatabase(target);
    try {
      await sql`insert into kysely_migration (name, timestamp) values ('9999-from-the-future', '2099-01-01')`.execute(
        db,
      );
      await expect(migrateToLatest(db)).rejects.toThrow(
        /This database was upgraded by a newer version of the CRM \(it has migration 9999-from-the-future, which this version does not know; this version ends at \d{4}[^)]*\)\. Run that version or a newer one: migrations only go forward\./,
      );
    } finally {
      await db.destroy();
    }
  });
});

describe('a PostgreSQL or SQLite backup with S3 storage, restored beside its bucket', () => {
  it('refuses the non-empty bucket, and restores the database alone with --database-only', async () => {
    const source = await createTestApp(s3.env);
    cleanups.push(source.close);
    const owner = await signIn(source, { role: 'admin' });
    const lead = (await createContact(source, owner, leadPayload())).id;
    const body = multipartBody(
      { validUntil: dayFromToday(30) },
      { filename: 'lease.pdf', content: '%PDF lease' },
    );
    const upload = await source.app.inject({
      method: 'POST',
      url: `/api/contacts/${lead}/upload-file`,
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(201);
    const s3Archive = path.join(work, 's3.tar.gz');
    expect(await createBackup(source.config, s3Archive)).toMatchObject({ fileStorage: 's3', files: 0 });

    // The instances' bucket as it is, and an empty database (or DATA_DIR).
    const target = await emptyTarget(s3.env);
    const env = envOf(target, s3.env);
    const refused = await runOperationsCli('restore', [s3Archive], { env, cwd: work });
    expect(refused.stderr.trim()).toMatch(
      /^The file store is not empty \(it holds \S+\): restore into an empty one, or restore the database alone with --database-only$/,
    );
    expect(refused.code).toBe(1);

    const restored = await runOperationsCli('restore', [s3Archive, '--database-only'], { env, cwd: work });
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toContain('(the file store was left as it is)');
    expect(restored.stdout).toContain('Every file row has its file. Start the server.');
    expect(restored.code).toBe(0);

    const db = createDatabase(target);
    await migrateToLatest(db);
    const app = await buildApp({ config: target, db, serveWeb: false });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.email, password: owner.password },
      });
      const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
      const files = (await app.inject({ method: 'GET', url: `/api/contacts/${lead}/files`, headers })).json<
        FileJson[]
      >();
      expect(files.map((file) => file.name)).toEqual(['lease.pdf']);
      const download = await app.inject({ method: 'GET', url: files[0]!.url });
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe('%PDF lease');
    } finally {
      await app.close();
      await db.destroy();
    }
  }, 120_000);
});
