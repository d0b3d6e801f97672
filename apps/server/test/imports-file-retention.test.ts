import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_FILES_JOB } from '../src/modules/imports/import-file-retention.js';
import { enqueueJob } from '../src/modules/jobs/jobs.service.js';
import { call } from './helpers/contacts.js';
import { upload } from './helpers/imports.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let bora: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ JOBS_POLL_MS: '50', IMPORT_FILE_DAYS: '30' });
  bora = await signIn(t, { firstName: 'Bora', surname: 'Bey' });
});
afterAll(async () => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CSV = 'Name,Surname,Phone Number,Source\nAyşe,Yılmaz,+90 532 111 22 33,Facebook\n';

async function fileKey(id: number): Promise<string> {
  const row = await t.db
    .selectFrom('imports')
    .select('file_key')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.file_key;
}
const stored = (key: string) => path.join(t.config.dataDir, 'uploads', key);

async function finished(where: (job: { id: number; kind: string }) => boolean) {
  for (let i = 0; i < 400; i++) {
    const jobs = await t.db.selectFrom('jobs').selectAll().where('kind', '=', IMPORT_FILES_JOB).execute();
    const job = jobs.find((j) => where(j) && (j.state === 'done' || j.state === 'failed'));
    if (job) return job;
    await sleep(25);
  }
  throw new Error('the cleanup job did not run');
}

describe('uploaded import files', () => {
  it('are deleted by the scheduled cleanup once IMPORT_FILE_DAYS have passed since the import was last used', async () => {
    // The schedule runs its first slot when the server starts.
    expect((await finished(() => true)).state).toBe('done');

    const old = await upload(t, bora, 'old.csv', CSV);
    const recent = await upload(t, bora, 'recent.csv', CSV);
    const oldKey = await fileKey(old.id);
    const recentKey = await fileKey(recent.id);
    expect(existsSync(stored(oldKey))).toBe(true);
    const thirtyOneDaysAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await t.db
      .updateTable('imports')
      .set({ updated_at: thirtyOneDaysAgo })
      .where('id', '=', old.id)
      .execute();
    // A workbook's scratch copy left by a process killed while reading it.
    const scratch = path.join(t.config.dataDir, 'tmp');
    mkdirSync(scratch, { recursive: true });
    const stale = path.join(scratch, 'workbook-left-by-a-crash.xlsx');
    writeFileSync(stale, 'PK');
    utimesSync(stale, new Date(Date.now() - 2 * 3_600_000), new Date(Date.now() - 2 * 3_600_000));

    // The next slot's job, as the scheduler queues it.
    const jobId = await enqueueJob(t.db, {
      kind: IMPORT_FILES_JOB,
      payload: { slot: new Date().toISOString() },
    });
    const job = await finished((j) => j.id === jobId);
    expect(job.state).toBe('done');
    expect(JSON.parse(job.result ?? 'null')).toEqual({ deleted: 1 });

    expect(existsSync(stored(oldKey))).toBe(false);
    expect(existsSync(stored(recentKey))).toBe(true);
    expect(existsSync(stale)).toBe(false);
    // The import stays in the history; previewing it again asks for the file anew.
    const view = await call(t, 'GET', `/api/imports/${old.id}`, bora);
    expect(view.statusCode).toBe(200);
    const again = await call(t, 'POST', `/api/imports/${old.id}/preview`, bora, { mapping: old.mapping });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(
      "This import's file was deleted 30 days after the import was last used; upload the file again to import it",
    );
    const fresh = await call(t, 'POST', `/api/imports/${recent.id}/preview`, bora, {
      mapping: recent.mapping,
    });
    expect(fresh.statusCode).toBe(202);
  });
});
