import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoAfter, nowIso } from '../src/lib/time.js';
import { cancelJob } from '../src/modules/jobs/jobs.repository.js';
import { endExportStream, holdExportStream } from '../src/modules/limits/limits.repository.js';
import { call, createContact, leadPayload } from './helpers/contacts.js';
import { type ImportJson, upload } from './helpers/imports.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let ada: SignedIn;
let bora: SignedIn;

beforeAll(async () => {
  t = await createTestApp({
    // Previews stay queued: nothing runs them.
    JOBS_POLL_MS: '0',
    // One search every five seconds after a burst of three: the tests never wait for a refill.
    SEARCHES_PER_SECOND: '0.2',
    SEARCH_BURST: '3',
  });
  ada = await signIn(t, { firstName: 'Ada', surname: 'Ak' });
  bora = await signIn(t, { firstName: 'Bora', surname: 'Bey' });
  await createContact(t, ada, leadPayload({ name: 'Limit', surname: 'Lead' }));
});
afterAll(async () => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function exportStreamsOf(userId: number): Promise<number> {
  const rows = await t.db.selectFrom('export_streams').select('id').where('user_id', '=', userId).execute();
  return rows.length;
}

async function waitForStreams(userId: number, count: number): Promise<void> {
  const deadline = Date.now() + 5000;
  while ((await exportStreamsOf(userId)) !== count) {
    if (Date.now() > deadline)
      throw new Error(`user ${userId} still streams ${await exportStreamsOf(userId)}`);
    await sleep(20);
  }
}

/** A refused answer: 429, Retry-After in whole seconds, and the sentence that names the wait. */
function expectRefused(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
  return { retryAfter, error: JSON.parse(res.body).error as string };
}

describe('searches', () => {
  it('answers 429 with Retry-After once a person has searched the lists faster than SEARCHES_PER_SECOND allows', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await call(t, 'GET', `/api/contacts?type=lead&q=limit${i}`, ada)).statusCode).toBe(200);
    }
    const refused = expectRefused(await call(t, 'GET', '/api/contacts?type=lead&q=limit', ada));
    // A fifth of a token a second: the next one is about five seconds away.
    expect(refused.retryAfter).toBeGreaterThanOrEqual(4);
    expect(refused.retryAfter).toBeLessThanOrEqual(5);
    expect(refused.error).toBe(
      `Too many searches in a short time. Wait ${refused.retryAfter} seconds, then search again.`,
    );
    // Every list's search draws on the same bucket…
    expectRefused(await call(t, 'GET', '/api/agencies?q=realty', ada));
    // …a list without a search text is not a search, and another person has a bucket of their own.
    expect((await call(t, 'GET', '/api/contacts?type=lead', ada)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/contacts?type=lead&q=limit', bora)).statusCode).toBe(200);
  });

  it('answers 429 with Retry-After to palette lookups beyond the burst, from a bucket apart from the lists', async () => {
    const carol = await signIn(t, { firstName: 'Carol', surname: 'Cey' });
    expect((await call(t, 'GET', '/api/contacts?type=lead&q=limit', carol)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await call(t, 'GET', `/api/search?q=lim${i}`, carol)).statusCode).toBe(200);
    }
    const refused = expectRefused(await call(t, 'GET', '/api/search?q=limit', carol));
    expect(refused.error).toBe(
      `Too many quick searches in a short time. Wait ${refused.retryAfter} seconds, then search again.`,
    );
  });
});

describe('exports', () => {
  it('answers 429 with Retry-After to a person who already streams EXPORTS_PER_PERSON exports on any instance', async () => {
    // Two downloads of Ada's, held by another instance the way it holds them.
    const held = [];
    for (let i = 0; i < 2; i++) {
      held.push(
        await holdExportStream(t.db, { userId: ada.id, max: 2, now: nowIso(), expiresAt: isoAfter(60_000) }),
      );
    }
    const res = await call(t, 'GET', '/api/exports/leads', ada);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('10');
    expect(errorOf(res)).toBe(
      'You already have 2 exports downloading. Wait for one of them to finish, then export again.',
    );
    // Someone else exports meanwhile.
    expect((await call(t, 'GET', '/api/exports/leads', bora)).statusCode).toBe(200);

    // One download ends: Ada exports again, and her export frees its place once it has streamed.
    await endExportStream(t.db, held[0] as number);
    const again = await call(t, 'GET', '/api/exports/leads', ada);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Limit');
    await waitForStreams(ada.id, 1);
    await endExportStream(t.db, held[1] as number);
    await waitForStreams(ada.id, 0);
  });

  it('gives one person no more places than EXPORTS_PER_PERSON when many requests take them at once', async () => {
    const gul = await signIn(t, { firstName: 'Gül', surname: 'Gen' });
    const taken = await Promise.all(
      Array.from({ length: 6 }, () =>
        holdExportStream(t.db, { userId: gul.id, max: 2, now: nowIso(), expiresAt: isoAfter(60_000) }),
      ),
    );
    expect(taken.filter((id) => id !== undefined)).toHaveLength(2);
    expect(await exportStreamsOf(gul.id)).toBe(2);
  });

  it('does not count the places of an instance that died once their lease has passed', async () => {
    for (let i = 0; i < 2; i++) {
      await holdExportStream(t.db, { userId: bora.id, max: 2, now: nowIso(), expiresAt: isoAfter(-1000) });
    }
    expect((await call(t, 'GET', '/api/exports/leads', bora)).statusCode).toBe(200);
    await waitForStreams(bora.id, 0);
  });

  it('frees the place of an export whose request fails, and of one whose client goes away', async () => {
    for (const query of ['sort=nope', 'columns=nope']) {
      const bad = await call(t, 'GET', `/api/exports/leads?${query}`, ada);
      expect(bad.statusCode).toBe(400);
      // Freed before the answer.
      expect(await exportStreamsOf(ada.id)).toBe(0);
    }

    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
    await new Promise<void>((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/api/exports/leads', headers: ada.headers },
        (response) => {
          expect(response.statusCode).toBe(200);
          // The first bytes have come: the client goes away without reading the rest.
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        },
      );
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
    await waitForStreams(ada.id, 0);
  });
});

describe('previews', () => {
  const csv = (tag: string) => `First Name,Surname,Phone Number\n${tag},Row,905331234567\n`;

  async function uploaded(who: SignedIn, n: number): Promise<ImportJson[]> {
    const views = [];
    for (let i = 0; i < n; i++) views.push(await upload(t, who, `p${i}.csv`, csv(`P${i}`)));
    return views;
  }
  const previewOf = (who: SignedIn, view: ImportJson) =>
    call(t, 'POST', `/api/imports/${view.id}/preview`, who, { mapping: view.mapping });

  it('queues IMPORT_PREVIEWS_PER_PERSON previews of one person, answers 429 with Retry-After beyond, and queues others’', async () => {
    const dana = await signIn(t, { firstName: 'Dana', surname: 'Dey' });
    const emre = await signIn(t, { firstName: 'Emre', surname: 'Ece' });
    const mine = await uploaded(dana, 3);
    const first = await previewOf(dana, mine[0] as ImportJson);
    expect(first.statusCode).toBe(202);
    expect((await previewOf(dana, mine[1] as ImportJson)).statusCode).toBe(202);
    const third = await previewOf(dana, mine[2] as ImportJson);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('5');
    expect(errorOf(third)).toBe(
      'You already have 2 import previews waiting or running. Wait for one of them to finish, then preview again.',
    );
    // The refused import is as it was: uploaded, no job.
    expect((await call(t, 'GET', `/api/imports/${mine[2]?.id}`, dana)).json<ImportJson>()).toMatchObject({
      state: 'uploaded',
      progress: null,
    });
    const [theirs] = await uploaded(emre, 1);
    expect((await previewOf(emre, theirs as ImportJson)).statusCode).toBe(202);

    // One of hers ends: she previews the third.
    const job = await t.db
      .selectFrom('imports')
      .select('job_id')
      .where('id', '=', mine[0]?.id as number)
      .executeTakeFirstOrThrow();
    expect(await cancelJob(t.db, job.job_id as number)).toBe(true);
    expect((await previewOf(dana, mine[2] as ImportJson)).statusCode).toBe(202);
  });

  it('holds the limit when one person asks for many previews at once', async () => {
    const fatma = await signIn(t, { firstName: 'Fatma', surname: 'Fer' });
    const views = await uploaded(fatma, 6);
    const answers = await Promise.all(views.map((view) => previewOf(fatma, view)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([202, 202, 429, 429, 429, 429]);
    const queued = await t.db
      .selectFrom('jobs')
      .select('id')
      .where('actor_id', '=', fatma.id)
      .where('state', '=', 'queued')
      .execute();
    expect(queued).toHaveLength(2);
  });
});
