import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './helpers/agencies.js';
import { uniqueTag } from './helpers/contacts.js';
import { type OpenStream, openEventStream, type StreamEvent } from './helpers/event-stream.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

/**
 * The stages and lost reasons everyone's board and Lost dialog read: each change an admin makes is
 * told live to everyone, once committed; a refused change tells no one.
 */
let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let userStream: OpenStream;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  userStream = await openEventStream(
    `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
    user.token,
  );
});
afterAll(async () => {
  userStream?.close();
  await t.close();
});

const is = (kind: string, id: number) => (event: StreamEvent) => event.kind === kind && event.id === id;
const WAIT_MS = 3000;

/** The events the user's stream received while `action` ran (all of them: a later marker has arrived). */
async function heardDuring(action: () => Promise<unknown>): Promise<StreamEvent[]> {
  const from = userStream.events.length;
  await action();
  // A marker everyone hears: once it has arrived, so has every event published before it.
  const marker = await api(t, 'POST', '/api/deal-lost-reasons', admin, { name: uniqueTag('mark') });
  await userStream.waitFor(is('deal-lost-reason', marker.json<{ id: number }>().id), WAIT_MS);
  return userStream.events
    .slice(from)
    .filter((event) => !(event.kind === 'deal-lost-reason' && event.id === marker.json<{ id: number }>().id));
}

interface StageJson {
  id: number;
  name: string;
  probability: number;
  isActive: boolean;
}
const stages = async () => (await api(t, 'GET', '/api/deal-stages', user)).json<StageJson[]>();

describe('live events of the stages', () => {
  it('tells everyone of a new stage, and of the stages it moved down', async () => {
    let id = 0;
    const heard = await heardDuring(async () => {
      const res = await api(t, 'POST', '/api/deal-stages', admin, { name: 'Offer', probability: 70 });
      expect(res.statusCode, res.body).toBe(201);
      id = res.json<StageJson>().id;
    });
    const won = (await stages()).find((stage) => stage.name === 'Won')!;
    const lost = (await stages()).find((stage) => stage.name === 'Lost')!;
    expect(heard).toEqual(
      expect.arrayContaining([
        { kind: 'deal-stage', id },
        { kind: 'deal-stage', id: won.id },
        { kind: 'deal-stage', id: lost.id },
      ]),
    );
    expect(heard).toHaveLength(3);
  });

  it('tells of a rename and a deactivation, and of nothing when nothing changes', async () => {
    const offer = (await stages()).find((stage) => stage.name === 'Offer')!;
    const renamed = await heardDuring(() =>
      api(t, 'PUT', `/api/deal-stages/${offer.id}`, admin, { name: 'Final offer', probability: 70 }),
    );
    expect(renamed).toEqual([{ kind: 'deal-stage', id: offer.id }]);
    const deactivated = await heardDuring(() =>
      api(t, 'PUT', `/api/deal-stages/${offer.id}`, admin, {
        name: 'Final offer',
        probability: 70,
        isActive: false,
      }),
    );
    expect(deactivated).toEqual([{ kind: 'deal-stage', id: offer.id }]);
    const same = await heardDuring(() =>
      api(t, 'PUT', `/api/deal-stages/${offer.id}`, admin, {
        name: 'Final offer',
        probability: 70,
        isActive: false,
      }),
    );
    expect(same).toEqual([]);
  });

  it('tells of each stage a new order moved, and nothing of a refused one', async () => {
    const before = await stages();
    const [first, second, ...rest] = before.map((stage) => stage.id);
    const heard = await heardDuring(async () => {
      const res = await api(t, 'PUT', '/api/deal-stages/order', admin, { ids: [second, first, ...rest] });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(heard).toEqual(
      expect.arrayContaining([
        { kind: 'deal-stage', id: first },
        { kind: 'deal-stage', id: second },
      ]),
    );
    expect(heard).toHaveLength(2);
    const refused = await heardDuring(async () => {
      const res = await api(t, 'PUT', '/api/deal-stages/order', admin, { ids: [first] });
      expect(res.statusCode).toBe(400);
    });
    expect(refused).toEqual([]);
    const forbidden = await heardDuring(async () => {
      const res = await api(t, 'PUT', `/api/deal-stages/${first}`, user, { name: 'Mine', probability: 5 });
      expect(res.statusCode).toBe(403);
    });
    expect(forbidden).toEqual([]);
  });
});

describe('live events of the lost reasons', () => {
  it('tells everyone of a new reason, a rename and a deactivation', async () => {
    let id = 0;
    const created = await heardDuring(async () => {
      const res = await api(t, 'POST', '/api/deal-lost-reasons', admin, { name: 'Financing failed' });
      expect(res.statusCode, res.body).toBe(201);
      id = res.json<{ id: number }>().id;
    });
    expect(created).toEqual([{ kind: 'deal-lost-reason', id }]);
    const renamed = await heardDuring(() =>
      api(t, 'PUT', `/api/deal-lost-reasons/${id}`, admin, { name: 'No mortgage' }),
    );
    expect(renamed).toEqual([{ kind: 'deal-lost-reason', id }]);
    const deactivated = await heardDuring(() =>
      api(t, 'PUT', `/api/deal-lost-reasons/${id}`, admin, { name: 'No mortgage', isActive: false }),
    );
    expect(deactivated).toEqual([{ kind: 'deal-lost-reason', id }]);
    const taken = await heardDuring(async () => {
      const res = await api(t, 'POST', '/api/deal-lost-reasons', admin, { name: 'No Mortgage' });
      expect(res.statusCode).toBe(409);
    });
    expect(taken).toEqual([]);
  });
});
