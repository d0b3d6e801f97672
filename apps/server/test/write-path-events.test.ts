import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createDatabase, type Db } from '../src/db/database.js';
import { createAgency } from './helpers/agencies.js';
import { call, createContact, leadPayload, uniqueTag } from './helpers/contacts.js';
import { type OpenStream, openEventStream, type StreamEvent } from './helpers/event-stream.js';
import { preview, rows, run, upload, waitForImport } from './helpers/imports.js';
import { createTestApp, type SignedIn, signIn, type TestApp, uniqueEmail } from './helpers/test-app.js';

/**
 * Live events come from the writes themselves, not from the route that happened to be called: an
 * import's rows, its undo and a merge change records other people have on screen, and a dry run
 * changes nothing. Writes go through one instance; the streams are open on another with its own
 * database connection, so every event crosses between processes as in production.
 */
let t: TestApp;
let otherDb: Db;
let other: FastifyInstance;
let admin: SignedIn;
let user: SignedIn;
let adminStream: OpenStream;
let userStream: OpenStream;
beforeAll(async () => {
  t = await createTestApp({ TASK_REMINDER_SECONDS: '0' });
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
  otherDb = createDatabase(t.config);
  other = await buildApp({ config: t.config, db: otherDb, serveWeb: false });
  await other.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
  adminStream = await openEventStream(base, admin.token);
  userStream = await openEventStream(base, user.token);
});
afterAll(async () => {
  adminStream?.close();
  userStream?.close();
  await other?.close();
  await otherDb?.destroy();
  await t.close();
});

const is = (kind: string, id: number) => (event: StreamEvent) => event.kind === kind && event.id === id;
const WAIT_MS = 3000;

/** The first event matching, among those a stream received from index `from` on. */
function heardSince(stream: OpenStream, from: number, match: (event: StreamEvent) => boolean) {
  return stream.waitFor((event) => match(event) && stream.events.indexOf(event) >= from, WAIT_MS);
}

/** Waits for `kind`/`id` on a stream since `from`, and checks it is that and nothing more. */
async function expectHeard(stream: OpenStream, from: number, kind: string, id: number) {
  const heard = await heardSince(stream, from, is(kind, id)).catch(() => undefined);
  expect(heard, `${kind} ${id} among ${JSON.stringify(stream.events.slice(from))}`).toEqual({ kind, id });
}

/**
 * A write everyone hears, waited for on both streams: what a stream received before it was
 * published has arrived once it has. Answers where the marker sits in each stream.
 */
async function marker(): Promise<{ admin: number; user: number }> {
  const lead = await createContact(t, admin, leadPayload({ name: 'Marker', surname: uniqueTag('mk') }));
  const [a, u] = await Promise.all([
    adminStream.waitFor(is('contact', lead.id), WAIT_MS),
    userStream.waitFor(is('contact', lead.id), WAIT_MS),
  ]);
  return { admin: adminStream.events.indexOf(a), user: userStream.events.indexOf(u) };
}

/**
 * Everything each stream received while `action` ran, between two markers; `action` is told where
 * in each stream its own events start.
 */
async function heardDuring(action: (from: { admin: number; user: number }) => Promise<unknown>) {
  const before = await marker();
  await action({ admin: before.admin + 1, user: before.user + 1 });
  const after = await marker();
  return {
    admin: adminStream.events.slice(before.admin + 1, after.admin),
    user: userStream.events.slice(before.user + 1, after.user),
  };
}

const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const HEADER = 'Name,Surname,Email,Phone,City,Source';

async function importAsAdmin(file: string, mode: 'create' | 'upsert') {
  const view = await upload(t, admin, 'live.csv', file);
  const settings = { mapping: view.mapping, mode, key: 'email' as const, skipErrors: true };
  await preview(t, admin, view.id, settings);
  await run(t, admin, view.id, settings);
  const written = await rows(t, admin, view.id, 'run');
  const idsOf = (action: string) => written.filter((r) => r.action === action).map((r) => r.recordId!);
  return { id: view.id, created: idsOf('create'), updated: idsOf('update') };
}

describe('imports', () => {
  it("tells everyone of each contact an import creates, not only the importer's screen", async () => {
    const tag = uniqueTag('ic');
    const from = userStream.events.length;
    const done = await importAsAdmin(
      csv(
        HEADER,
        `Ada,${tag},${uniqueEmail(tag)},905321120001,Girne,Facebook`,
        `Can,${tag},${uniqueEmail(tag)},905321120002,Girne,Facebook`,
      ),
      'create',
    );
    expect(done.created).toHaveLength(2);
    for (const id of done.created) await expectHeard(userStream, from, 'contact', id);
  });

  it('tells everyone of a contact an upsert import updates', async () => {
    const tag = uniqueTag('iu');
    const email = uniqueEmail(tag);
    const existing = await createContact(t, admin, leadPayload({ surname: tag, email, city: 'Girne' }));
    await userStream.waitFor(is('contact', existing.id), WAIT_MS);
    const from = userStream.events.length;
    const done = await importAsAdmin(
      csv(HEADER, `Ali,${tag},${email},905321234567,Lefke,Facebook`),
      'upsert',
    );
    expect(done.updated).toEqual([existing.id]);
    await expectHeard(userStream, from, 'contact', existing.id);
  });

  it('tells everyone of the contacts an undo deactivates and restores', async () => {
    const tag = uniqueTag('iv');
    const email = uniqueEmail(tag);
    const kept = await createContact(t, admin, leadPayload({ surname: tag, email, city: 'Girne' }));
    const done = await importAsAdmin(
      csv(
        HEADER,
        `Ali,${tag},${email},905321234567,Lefke,Facebook`,
        `Eda,${tag},${uniqueEmail(tag)},905321120003,Girne,Facebook`,
      ),
      'upsert',
    );
    expect(done.updated).toEqual([kept.id]);
    expect(done.created).toHaveLength(1);
    const from = { admin: adminStream.events.length, user: userStream.events.length };
    expect((await call(t, 'POST', `/api/imports/${done.id}/undo`, admin)).statusCode).toBe(202);
    const undone = await waitForImport(t, admin, done.id, ['undone']);
    expect(undone.undo).toEqual({ deactivated: 1, restored: 1, kept: 0 });
    // A deactivation is told to everyone, as the deactivate action's is: every list drops the row.
    for (const id of [kept.id, ...done.created]) {
      await expectHeard(adminStream, from.admin, 'contact', id);
      await expectHeard(userStream, from.user, 'contact', id);
    }
  });
});

interface MergeJson {
  mergeId: number | null;
  survivor: { id: number };
  merged: { id: number };
}

describe('contact merges', () => {
  async function pair() {
    const tag = uniqueTag('cm');
    const survivor = await createContact(t, admin, leadPayload({ name: 'Ayşe', surname: tag }));
    const merged = await createContact(t, admin, leadPayload({ name: 'Ayse', surname: tag, city: 'Lefke' }));
    return { survivor, merged };
  }
  const merge = (survivorId: number, otherId: number, dryRun: boolean) =>
    call(t, 'POST', '/api/contacts/merge', admin, { survivorId, otherId, dryRun });

  it('tells everyone of the survivor and the merged contact, and of no record 0', async () => {
    const { survivor, merged } = await pair();
    const heard = await heardDuring(async (from) => {
      const res = await merge(survivor.id, merged.id, false);
      expect(res.statusCode, res.body).toBe(200);
      // Both were active, on everyone's screens.
      await expectHeard(userStream, from.user, 'contact', survivor.id);
      await expectHeard(userStream, from.user, 'contact', merged.id);
    });
    expect(heard.user).toEqual(
      expect.arrayContaining([
        { kind: 'contact', id: survivor.id },
        { kind: 'contact', id: merged.id },
      ]),
    );
    expect([...heard.admin, ...heard.user].filter((event) => event.id === 0)).toEqual([]);
  });

  it("tells everyone of both contacts an undo restores, and nothing under the merge's own id", async () => {
    // Contacts enough that the merge's id is not one of the pair's.
    for (let i = 0; i < 3; i++) await createContact(t, admin, leadPayload({ surname: uniqueTag('pad') }));
    const { survivor, merged } = await pair();
    const res = await merge(survivor.id, merged.id, false);
    expect(res.statusCode, res.body).toBe(200);
    const mergeId = res.json<MergeJson>().mergeId!;
    expect([survivor.id, merged.id]).not.toContain(mergeId);
    const heard = await heardDuring(async (from) => {
      const undo = await call(t, 'POST', `/api/contacts/merge/${mergeId}/undo`, admin);
      expect(undo.statusCode, undo.body).toBe(200);
      await expectHeard(userStream, from.user, 'contact', merged.id);
    });
    for (const events of [heard.admin, heard.user]) {
      expect(events).toEqual(
        expect.arrayContaining([
          { kind: 'contact', id: survivor.id },
          { kind: 'contact', id: merged.id },
        ]),
      );
      expect(events.filter((event) => event.id === mergeId)).toEqual([]);
    }
  });

  it('tells no one of a dry run, which writes nothing', async () => {
    const { survivor, merged } = await pair();
    const heard = await heardDuring(async () => {
      const res = await merge(survivor.id, merged.id, true);
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(heard).toEqual({ admin: [], user: [] });
  });
});

describe('agency merges', () => {
  const merge = (survivorId: number, otherId: number, dryRun: boolean) =>
    call(t, 'POST', '/api/agencies/merge', admin, { survivorId, otherId, dryRun });

  it('tells everyone of both agencies, and of no agency 0', async () => {
    const survivor = await createAgency(t, admin);
    const merged = await createAgency(t, admin);
    const heard = await heardDuring(async (from) => {
      const res = await merge(survivor.id, merged.id, false);
      expect(res.statusCode, res.body).toBe(200);
      await expectHeard(userStream, from.user, 'agency', survivor.id);
      await expectHeard(userStream, from.user, 'agency', merged.id);
    });
    expect([...heard.admin, ...heard.user].filter((event) => event.id === 0)).toEqual([]);
  });

  it('tells no one of a dry run', async () => {
    const survivor = await createAgency(t, admin);
    const merged = await createAgency(t, admin);
    const heard = await heardDuring(async () => {
      const res = await merge(survivor.id, merged.id, true);
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(heard).toEqual({ admin: [], user: [] });
  });
});
