import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_INLINE_MAX } from '../src/modules/bulk/bulk.service.js';
import { call, createContact, type HistoryJson, leadPayload, uniqueTag } from './helpers/contacts.js';
import { createTestApp, errorOf, fieldsOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

interface DealJson {
  id: number;
  title: string;
  ownerId: number;
  assignedToId: number | null;
  stageId: number;
  probability: number;
  lostReasonId: number | null;
  isActive: boolean;
}
interface StageJson {
  id: number;
  name: string;
  probability: number;
  kind: string;
}
interface JobJson {
  state: string;
  done: number;
  total: number;
  count: number | null;
  message: string | null;
}

const FORBIDDEN = 'You do not have permission to do this';

let t: TestApp;
let admin: SignedIn;
let ayse: SignedIn;
let mehmet: SignedIn;
let leadId: number;
const stage: Record<string, StageJson> = {};
let priceReasonId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Ayla', surname: 'Admin' });
  ayse = await signIn(t, { firstName: 'Ayşe', surname: 'Sales' });
  mehmet = await signIn(t, { firstName: 'Mehmet', surname: 'Sales' });
  leadId = (await createContact(t, admin, leadPayload({ name: 'Leyla', surname: 'Lead' }))).id;
  for (const row of (await call(t, 'GET', '/api/deal-stages', admin)).json<StageJson[]>())
    stage[row.name] = row;
  const reasons = (await call(t, 'GET', '/api/deal-lost-reasons', admin)).json<
    { id: number; name: string }[]
  >();
  priceReasonId = reasons.find((reason) => reason.name === 'Price')!.id;
});
afterAll(async () => t.close());

/** Deals titled with the tag, created by `who` (theirs: owner and assignee) in a stage. */
async function deals(who: SignedIn, tag: string, count: number, stageName = 'New'): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await call(t, 'POST', '/api/deals', who, {
      title: `${tag} deal ${i}`,
      contactId: leadId,
      stageId: stage[stageName]!.id,
    });
    if (res.statusCode !== 201) throw new Error(`create deal failed: ${res.statusCode} ${res.body}`);
    ids.push(res.json<{ id: number }>().id);
  }
  return ids;
}

const deal = async (id: number) => (await call(t, 'GET', `/api/deals/${id}`, admin)).json<DealJson>();
const history = async (id: number) =>
  (await call(t, 'GET', `/api/deals/${id}/history`, admin)).json<HistoryJson[]>();
const bulk = (who: SignedIn, body: Record<string, unknown>) => call(t, 'POST', '/api/bulk/deals', who, body);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

async function finished(jobId: number, who: SignedIn = admin): Promise<JobJson> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await call(t, 'GET', `/api/bulk/jobs/${jobId}`, who);
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json<JobJson>();
    if (job.state === 'done' || job.state === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`bulk job ${jobId} still ${job.state}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('POST /api/bulk/deals', () => {
  it('moves exactly the deals of a stage filter, at the stage’s probability, with their history', async () => {
    const tag = uniqueTag('move');
    const fresh = await deals(admin, tag, 3, 'New');
    const elsewhere = await deals(admin, tag, 2, 'Negotiation');
    const params = { q: tag, 'filter.stageId': `equals:${stage.New!.id}`, sort: 'title', order: 'asc' };
    const counted = await call(
      t,
      'GET',
      `/api/bulk/deals/count?q=${tag}&filter.stageId=equals:${stage.New!.id}`,
      admin,
    );
    expect(counted.json()).toEqual({ count: 3 });

    const res = await bulk(admin, { action: 'move', stageId: stage.Proposal!.id, params });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ count: number; message: string; ids: number[] }>();
    expect(body).toMatchObject({ count: 3, message: 'Moved 3 deals to Proposal' });
    expect(sorted(body.ids)).toEqual(fresh);
    for (const id of fresh) {
      expect(await deal(id)).toMatchObject({ stageId: stage.Proposal!.id, probability: 60 });
      expect(await history(id)).toContainEqual(
        expect.objectContaining({
          field: 'stage',
          oldValue: 'New',
          newValue: 'Proposal',
          user: { name: 'Ayla Admin' },
        }),
      );
    }
    for (const id of elsewhere) expect((await deal(id)).stageId).toBe(stage.Negotiation!.id);

    // The same move again changes nothing: the shared answer.
    const again = await bulk(admin, { action: 'move', stageId: stage.Proposal!.id, params: { q: tag } });
    expect(again.json()).toMatchObject({ count: 2, message: 'Moved 2 deals to Proposal' });
    const none = await bulk(admin, { action: 'move', stageId: stage.Proposal!.id, params: { q: tag } });
    expect(none.json()).toEqual({ count: 0, message: 'Nothing to update', ids: [] });
  });

  it('reassigns the deals of an owner filter: the person becomes owner and assignee', async () => {
    const tag = uniqueTag('give');
    const ayses = await deals(ayse, tag, 2);
    const mehmets = await deals(mehmet, tag, 1);
    const res = await bulk(admin, {
      action: 'reassign',
      assignedToId: mehmet.id,
      params: { q: tag, 'filter.ownerId': `equals:${ayse.id}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 2, message: 'Reassigned 2 deals to Mehmet Sales' });
    for (const id of ayses) {
      expect(await deal(id)).toMatchObject({ ownerId: mehmet.id, assignedToId: mehmet.id });
      expect(await history(id)).toContainEqual(
        expect.objectContaining({ field: 'owner', oldValue: 'Ayşe Sales', newValue: 'Mehmet Sales' }),
      );
    }
    expect((await deal(mehmets[0]!)).ownerId).toBe(mehmet.id);
    const one = await bulk(admin, { action: 'reassign', assignedToId: ayse.id, ids: [ayses[0]!] });
    expect(one.json()).toMatchObject({ count: 1, message: 'Reassigned 1 deal to Ayşe Sales' });
  });

  it('moves to Lost with one reason for all, and refuses it without one', async () => {
    const tag = uniqueTag('lost');
    const ids = await deals(admin, tag, 2);
    const without = await bulk(admin, { action: 'move', stageId: stage.Lost!.id, params: { q: tag } });
    expect(without.statusCode).toBe(400);
    expect(errorOf(without)).toBe('Choose a lost reason');
    expect(fieldsOf(without)).toEqual({ lostReasonId: 'Choose a lost reason' });
    for (const id of ids) expect((await deal(id)).stageId).toBe(stage.New!.id);

    const unknown = await bulk(admin, {
      action: 'move',
      stageId: stage.Lost!.id,
      lostReasonId: 999_999,
      params: { q: tag },
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toBe('Lost reason not found');

    const res = await bulk(admin, {
      action: 'move',
      stageId: stage.Lost!.id,
      lostReasonId: priceReasonId,
      params: { q: tag },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 2, message: 'Moved 2 deals to Lost' });
    for (const id of ids)
      expect(await deal(id)).toMatchObject({ stageId: stage.Lost!.id, lostReasonId: priceReasonId });
  });

  it('refuses what is not sound with 400 and the exact message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'explode', params: {} }, 'action must be one of move, reassign, deactivate, activate'],
      [{ action: 'move', params: {} }, 'Stage is required'],
      [{ action: 'move', stageId: 999_999, params: {} }, 'Stage not found'],
      [{ action: 'move', stageId: 'x', params: {} }, 'stageId must be a stage id'],
      [
        { action: 'reassign', assignedToId: 999_999, params: {} },
        'The chosen user does not exist or is inactive',
      ],
      [{ action: 'move', stageId: 1 }, 'Give exactly one of params, ids and undoOf'],
      [{ action: 'move', stageId: 1, params: { 'filter.nope': 'equals:1' } }, 'Unknown filter column: nope'],
    ];
    for (const [body, message] of cases) {
      const res = await bulk(admin, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(errorOf(res), JSON.stringify(body)).toBe(message);
    }
    // The admin lists keep their own actions and messages.
    const leads = await call(t, 'POST', '/api/bulk/leads', admin, { action: 'move', params: {} });
    expect(leads.statusCode).toBe(400);
    expect(errorOf(leads)).toBe('action must be one of activate, deactivate, reassign');
  });

  it('lets a plain user move only their own active deals, and refuses them reassign and deactivate', async () => {
    const tag = uniqueTag('mine');
    const own = await deals(ayse, tag, 2);
    const others = await deals(mehmet, tag, 2);
    const [inactive] = await deals(ayse, tag, 1);
    expect((await bulk(admin, { action: 'deactivate', ids: [inactive!] })).statusCode).toBe(200);

    expect((await call(t, 'GET', `/api/bulk/deals/count?q=${tag}`, ayse)).json()).toEqual({ count: 2 });
    expect((await call(t, 'GET', `/api/bulk/deals/count?q=${tag}`, admin)).json()).toEqual({ count: 4 });

    const res = await bulk(ayse, { action: 'move', stageId: stage.Negotiation!.id, params: { q: tag } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 2, message: 'Moved 2 deals to Negotiation' });
    expect(sorted(res.json<{ ids: number[] }>().ids)).toEqual(own);
    for (const id of others) expect((await deal(id)).stageId).toBe(stage.New!.id);
    expect((await deal(inactive!)).stageId).toBe(stage.New!.id);
    expect(await history(own[0]!)).toContainEqual(
      expect.objectContaining({ field: 'stage', newValue: 'Negotiation', user: { name: 'Ayşe Sales' } }),
    );

    // Chosen ids out of their sight are passed over as gone, never written.
    const stray = await bulk(ayse, { action: 'move', stageId: stage.Proposal!.id, ids: others });
    expect(stray.json()).toEqual({ count: 0, message: 'Nothing to update', ids: [] });
    for (const id of others) expect((await deal(id)).stageId).toBe(stage.New!.id);

    for (const body of [
      { action: 'deactivate', params: { q: tag } },
      { action: 'reassign', assignedToId: ayse.id, params: { q: tag } },
      { action: 'activate', ids: [inactive!] },
    ]) {
      const refused = await bulk(ayse, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(403);
      expect(errorOf(refused)).toBe(FORBIDDEN);
    }
    for (const id of own) expect((await deal(id)).isActive).toBe(true);
    // The admin lists stay an admin's.
    const leads = await call(t, 'POST', '/api/bulk/leads', ayse, { action: 'deactivate', params: {} });
    expect(leads.statusCode).toBe(403);
    expect(errorOf(leads)).toBe(FORBIDDEN);
  });

  it('deactivates many deals as a job, which an undo reverses exactly', async () => {
    const tag = uniqueTag('many');
    const count = BULK_INLINE_MAX + 5;
    await deals(admin, tag, count);
    // Already inactive before the job: the undo must leave it so.
    const [before] = await deals(admin, tag, 1);
    expect((await bulk(admin, { action: 'deactivate', ids: [before!] })).json()).toMatchObject({
      message: 'Deactivated 1 deal',
    });

    const res = await bulk(admin, { action: 'deactivate', params: { q: tag } });
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json<{ jobId: number; total: number }>();
    expect(started.total).toBe(count);
    expect(await finished(started.jobId)).toMatchObject({
      state: 'done',
      count,
      message: `Deactivated ${count} deals`,
    });
    expect((await call(t, 'GET', `/api/bulk/deals/count?q=${tag}`, admin)).json()).toEqual({ count: 0 });
    // Someone else's job: a plain user is told it is not found, as an admin would be.
    expect((await call(t, 'GET', `/api/bulk/jobs/${started.jobId}`, ayse)).statusCode).toBe(404);

    const undo = await bulk(admin, { action: 'activate', undoOf: started.jobId });
    expect(undo.statusCode, undo.body).toBe(202);
    expect(await finished(undo.json<{ jobId: number }>().jobId)).toMatchObject({
      state: 'done',
      count,
      message: `Reactivated ${count} deals`,
    });
    expect((await call(t, 'GET', `/api/bulk/deals/count?q=${tag}`, admin)).json()).toEqual({ count });
    expect((await deal(before!)).isActive).toBe(false);
  });

  it('runs a plain user’s large move as their job, whose progress they read', async () => {
    const tag = uniqueTag('job');
    const count = BULK_INLINE_MAX + 2;
    await deals(ayse, tag, count);
    const res = await bulk(ayse, { action: 'move', stageId: stage.Proposal!.id, params: { q: tag } });
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json<{ jobId: number }>();
    expect(await finished(jobId, ayse)).toMatchObject({
      state: 'done',
      count,
      message: `Moved ${count} deals to Proposal`,
    });
    expect((await call(t, 'GET', `/api/bulk/jobs/${jobId}`, mehmet)).statusCode).toBe(404);
    const counted = await call(
      t,
      'GET',
      `/api/bulk/deals/count?q=${tag}&filter.stageId=equals:${stage.Proposal!.id}`,
      ayse,
    );
    expect(counted.json()).toEqual({ count });
    // Another person's job is not theirs to undo.
    const undo = await bulk(admin, { action: 'activate', undoOf: jobId });
    expect(undo.statusCode).toBe(404);
  });
});
