import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { copyFiles } from '../src/modules/files/copy-files.js';
import { createFileStore } from '../src/modules/storage/index.js';
import { call, createContact, dayFromToday, type FileJson, leadPayload } from './helpers/contacts.js';
import { multipartBody } from './helpers/multipart.js';
import { startTestS3, type TestS3 } from './helpers/s3-server.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

const CLI = fileURLToPath(new URL('../scripts/cli.mjs', import.meta.url));

let t: TestApp;
let s3: TestS3;
let user: SignedIn;
let contactId: number;
const uploaded: FileJson[] = [];

beforeAll(async () => {
  s3 = await startTestS3();
  // The instance still stores locally, but knows the bucket it is moving to.
  t = await createTestApp({ ...s3.env, FILE_STORAGE: 'local' });
  user = await signIn(t);
  contactId = (await createContact(t, user, leadPayload())).id;
  for (let i = 1; i <= 3; i++) {
    const body = multipartBody(
      { validUntil: dayFromToday(10) },
      { filename: `doc${i}.txt`, content: `document ${i}` },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/contacts/${contactId}/upload-file`,
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    uploaded.push(res.json<FileJson>());
  }
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

function runCli(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'files-migrate', ...args], {
      env: {
        ...process.env,
        ...s3.env,
        FILE_STORAGE: 'local',
        DATA_DIR: t.config.dataDir,
        DATABASE_URL: t.config.databaseUrl ?? '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run files:migrate -- --to s3', () => {
  it('copies every file to the bucket, verified, and a second run finds them there', async () => {
    const first = await runCli(['--to', 's3']);
    expect(first.output).toContain('3 copied, 0 already there, 0 missing from local');
    expect(first.code).toBe(0);
    const second = await runCli(['--to', 's3']);
    expect(second.output).toContain('0 copied, 3 already there, 0 missing from local');
    expect(second.code).toBe(0);
    // Two commands started from the sources: each compiles them first, slow on a busy machine.
  }, 90_000);

  it('copies again a file whose copy differs (an interrupted or damaged one)', async () => {
    const bucket = createFileStore({ ...t.config, fileStorage: 's3' });
    const local = createFileStore(t.config);
    try {
      await bucket.put(uploaded[1]!.filename, Readable.from([Buffer.from('half a docu')]));
      const report = await copyFiles(t.db, local, bucket);
      expect(report).toEqual({ copied: 1, alreadyThere: 2, missing: [] });
    } finally {
      await bucket.close();
      await local.close();
    }
  });

  it('leaves an instance switched to FILE_STORAGE=s3 serving every file', async () => {
    const app = await buildApp({ config: { ...t.config, fileStorage: 's3' }, db: t.db, serveWeb: false });
    try {
      const files = await call({ ...t, app }, 'GET', `/api/contacts/${contactId}/files`, user);
      const bodies = [];
      for (const file of files.json<FileJson[]>()) {
        const res = await app.inject({ method: 'GET', url: file.url });
        expect(res.statusCode).toBe(200);
        bodies.push(res.body);
      }
      expect(bodies.sort()).toEqual(['document 1', 'document 2', 'document 3']);
    } finally {
      await app.close();
    }
  });

  it('refuses without --to', async () => {
    const res = await runCli([]);
    expect(res.code).toBe(2);
    expect(res.output).toContain('Usage: npm run files:migrate -- --to s3');
  }, 60_000);
});
