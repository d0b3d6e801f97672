import { authMessages, webhookMessages as m } from '@crm/domain';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { pruneWebhookLog } from '../src/modules/webhooks/webhook-retention.js';
import { createAgency } from './helpers/agencies.js';
import { type ContactJson, call, createContact, leadPayload } from './helpers/contacts.js';
import { until } from './helpers/server-process.js';
import { createTask, updateTask } from './helpers/tasks.js';
import { createTestApp, errorOf, fieldsOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';
import { WebhookReceiver } from './helpers/webhook-receiver.js';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  await receiver.start();
  t = await createTestApp({
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    // Retries a tenth of a second apart instead of hours; the schedule's length is what is tested.
    WEBHOOK_RETRY_SECONDS: '0.1,0.1',
    WEBHOOK_TIMEOUT_MS: '400',
    WEBHOOK_DISABLE_AFTER: '2',
    JOBS_POLL_MS: '25',
    TASK_REMINDER_SECONDS: '0',
  });
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

interface WebhookJson {
  id: number;
  url: string;
  events: string[];
  isActive: boolean;
  disabledReason: string | null;
  secret?: string;
}
interface DeliveryJson {
  id: number;
  eventId: number;
  event: string;
  state: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
}
interface Payload {
  type: string;
  timestamp: string;
  data: {
    recordKind: string;
    recordId: number;
    changed: string[];
    note?: { id: number; text: string };
    record: unknown;
  };
}

async function register(path: string, events: string[]): Promise<WebhookJson & { secret: string }> {
  const res = await call(t, 'POST', '/api/webhooks', admin, { url: receiver.url(path), events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const deliveries = async (id: number) =>
  (await call(t, 'GET', `/api/webhooks/${id}/deliveries`, admin)).json<DeliveryJson[]>();

/** What reached a path, verified with the library's verifier against the endpoint's secret. */
function verified(path: string, secret: string): Payload[] {
  const hook = new Webhook(secret);
  return receiver.at(path).map(
    (request) =>
      hook.verify(request.body, {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      }) as Payload,
  );
}

const received = (path: string, count: number) =>
  until(
    `${count} requests at ${path}`,
    () => (receiver.at(path).length >= count ? true : undefined),
    15_000,
    () => JSON.stringify(receiver.at(path).map((request) => JSON.parse(request.body).type)),
  );

describe('managing webhooks', () => {
  it('is for admins only: 403 for anyone else, on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/webhooks'],
      ['POST', '/api/webhooks'],
      ['PATCH', '/api/webhooks/1'],
      ['DELETE', '/api/webhooks/1'],
      ['GET', '/api/webhooks/1/deliveries'],
      ['POST', '/api/webhooks/1/deliveries/1/redeliver'],
    ] as const) {
      const res = await call(
        t,
        method,
        url,
        user,
        method === 'GET' || method === 'DELETE'
          ? undefined
          : {
              url: receiver.url('/x'),
              events: ['contact.created'],
            },
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(res)).toBe(authMessages.forbidden);
    }
  });

  it('refuses private, loopback and metadata addresses, http, credentials and an empty event list', async () => {
    const cases: [string, string[], string][] = [
      ['https://10.0.0.1/hook', ['contact.created'], m.urlRefused],
      ['https://169.254.169.254/latest/meta-data', ['contact.created'], m.urlRefused],
      ['https://[::1]/hook', ['contact.created'], m.urlRefused],
      ['https://0x7f.0.0.2/hook', ['contact.created'], m.urlRefused],
      ['https://localhost/hook', ['contact.created'], m.urlRefused],
      ['http://example.com/hook', ['contact.created'], m.urlInvalid],
      ['https://a:b@example.com/hook', ['contact.created'], m.urlCredentials],
      [receiver.url('/x'), ['no.such.event'], m.eventsRequired],
    ];
    for (const [url, events, message] of cases) {
      const res = await call(t, 'POST', '/api/webhooks', admin, { url, events });
      expect(res.statusCode, url).toBe(400);
      expect(errorOf(res), url).toBe(message);
    }
    expect(
      fieldsOf(
        await call(t, 'POST', '/api/webhooks', admin, { url: 'https://10.0.0.1/', events: ['deal.won'] }),
      ),
    ).toEqual({ url: m.urlRefused });
  });

  it('shows the secret once, on creation', async () => {
    const created = await register('/once', ['partner.created']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = (await call(t, 'GET', '/api/webhooks', admin)).json<WebhookJson[]>();
    const found = listed.find((hook) => hook.id === created.id)!;
    expect(found).toEqual({ ...created, secret: undefined, failingEvents: 0 });
    expect('secret' in found).toBe(false);
    expect((await call(t, 'DELETE', `/api/webhooks/${created.id}`, admin)).statusCode).toBe(204);
    expect((await call(t, 'DELETE', `/api/webhooks/${created.id}`, admin)).statusCode).toBe(404);
  });
});

describe('deliveries', () => {
  it('sends each event signed, with the record as its screen shows it and the fields changed, in order', async () => {
    const hook = await register('/contacts', [
      'contact.created',
      'contact.updated',
      'contact.converted',
      'contact.deactivated',
      'note.added',
    ]);
    const lead = await createContact(t, user, leadPayload({ name: 'Lale', surname: 'Lead' }));
    const updated = await call(
      t,
      'PUT',
      `/api/contacts/${lead.id}`,
      user,
      leadPayload({
        name: 'Lale',
        surname: 'Lead',
        email: 'lale@example.com',
        budget: 250000,
      }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    await call(t, 'POST', `/api/contacts/${lead.id}/add-note`, user, { content: '<p>Called back</p>' });
    const converted = await call(t, 'PUT', `/api/contacts/${lead.id}/convert`, user, {
      nationality: 'British',
      residency: 'North Cyprus',
      gender: 'FEMALE',
    });
    expect(converted.statusCode, converted.body).toBe(200);
    expect((await call(t, 'PUT', `/api/contacts/${lead.id}/deactivate`, admin)).statusCode).toBe(200);
    await received('/contacts', 5);

    const events = verified('/contacts', hook.secret);
    expect(events.map((event) => event.type)).toEqual([
      'contact.created',
      'contact.updated',
      'note.added',
      'contact.converted',
      'contact.deactivated',
    ]);
    expect(events[1]!.data.changed.sort()).toEqual(['budget', 'email']);
    expect(events[2]!.data.note).toEqual({ id: expect.any(Number), text: 'Called back' });
    expect(events[3]!.data.changed).toContain('type');
    expect(events[4]!.data.changed).toEqual(['isActive']);
    // The record after each change: the last is the deactivated customer, as an admin's screen shows it.
    const screen = (await call(t, 'GET', `/api/contacts/${lead.id}`, admin)).json<ContactJson>();
    expect(events[4]!.data).toMatchObject({ recordKind: 'contact', recordId: lead.id });
    expect(events[4]!.data.record).toEqual(JSON.parse(JSON.stringify(screen)));
    expect(events[1]!.data.record).toMatchObject({ type: 'LEAD', email: 'lale@example.com', isActive: true });
    expect(events[3]!.data.record).toMatchObject({ type: 'CUSTOMER', isActive: true });

    const headers = receiver.at('/contacts')[0]!.headers;
    expect(headers['webhook-signature']).toMatch(/^v1,/);
    expect(Number(headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
    const log = await deliveries(hook.id);
    expect(log.map((row) => [row.event, row.state, row.attempts, row.lastStatus])).toEqual(
      events.map((event) => [event.type, 'delivered', 1, 200]).reverse(),
    );
    await call(t, 'DELETE', `/api/webhooks/${hook.id}`, admin);
  });

  it('reports partners and deal stage moves, wins and losses', async () => {
    const hook = await register('/deals', [
      'partner.created',
      'partner.updated',
      'deal.stage_changed',
      'deal.won',
      'deal.lost',
    ]);
    const agency = await createAgency(t, admin, { name: 'Harbour Homes' });
    const contact = await createContact(t, admin, leadPayload({ name: 'Deniz', surname: 'Deal' }));
    const stages = (await call(t, 'GET', '/api/deal-stages', admin)).json<{ id: number; name: string }[]>();
    const stage = Object.fromEntries(stages.map((row) => [row.name, row.id]));
    const reasons = (await call(t, 'GET', '/api/deal-lost-reasons', admin)).json<{ id: number }[]>();
    const deal = async (title: string) => {
      const res = await call(t, 'POST', '/api/deals', admin, {
        title,
        contactId: contact.id,
        stageId: stage.New,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>();
    };
    const won = await deal('Harbour flat');
    const lost = await deal('Villa');
    const move = (id: number, body: object) => call(t, 'PATCH', `/api/deals/${id}/stage`, admin, body);
    expect((await move(won.id, { stageId: stage.Viewing })).statusCode).toBe(200);
    expect((await move(won.id, { stageId: stage.Won })).statusCode).toBe(200);
    expect((await move(lost.id, { stageId: stage.Lost, lostReasonId: reasons[0]!.id })).statusCode).toBe(200);
    await received('/deals', 4);
    const events = verified('/deals', hook.secret);
    expect(events.map((event) => [event.type, event.data.recordKind, event.data.recordId])).toEqual([
      ['partner.created', 'partner', agency.id],
      ['deal.stage_changed', 'deal', won.id],
      ['deal.won', 'deal', won.id],
      ['deal.lost', 'deal', lost.id],
    ]);
    expect(events[2]!.data.record).toMatchObject({ id: won.id, stage: { name: 'Won', kind: 'won' } });
    await call(t, 'DELETE', `/api/webhooks/${hook.id}`, admin);
  });

  it("reports a record's task done, with the task and the record", async () => {
    const hook = await register('/tasks', ['task.done']);
    const contact = await createContact(t, user, leadPayload({ name: 'Tarik', surname: 'Task' }));
    const task = await createTask(t, user, { title: 'Call back', contactId: contact.id });
    expect((await updateTask(t, user, task.id, { title: 'Call back soon' })).statusCode).toBe(200);
    expect((await updateTask(t, user, task.id, { state: 'done' })).statusCode).toBe(200);
    await received('/tasks', 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const events = verified('/tasks', hook.secret);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'task.done',
      data: { recordKind: 'contact', recordId: contact.id, changed: ['state'], task: { id: task.id } },
    });
    expect(events[0]!.data.record).toMatchObject({ id: contact.id, name: 'Tarik' });
    await call(t, 'DELETE', `/api/webhooks/${hook.id}`, admin);
  });

  it('retries after a 500 and after a timeout, then delivers, keeping each attempt in the log', async () => {
    const hook = await register('/flaky', ['contact.created']);
    receiver.queue('/flaky', 500, 'hang');
    const contact = await createContact(t, user, leadPayload({ name: 'Rana', surname: 'Retry' }));
    await received('/flaky', 3);
    const [delivery] = await until(
      'delivered',
      async () => {
        const rows = await deliveries(hook.id);
        return rows[0]?.state === 'delivered' ? rows : undefined;
      },
      15_000,
    );
    expect(delivery).toMatchObject({
      event: 'contact.created',
      state: 'delivered',
      attempts: 3,
      lastStatus: 200,
    });
    const ids = receiver.at('/flaky').map((request) => request.headers['webhook-id']);
    expect(new Set(ids).size).toBe(1);
    const attempts = await t.db
      .selectFrom('webhook_attempts')
      .select(['status', 'error'])
      .where('delivery_id', '=', delivery!.id)
      .orderBy('id')
      .execute();
    expect(attempts).toEqual([
      { status: 500, error: 'Answered 500' },
      { status: null, error: 'No answer within 400 ms' },
      { status: 200, error: null },
    ]);
    expect(verified('/flaky', hook.secret)[2]!.data.recordId).toBe(contact.id);
    await call(t, 'DELETE', `/api/webhooks/${hook.id}`, admin);
  });

  it('redelivers by hand: the same event, with the same id, as a new delivery', async () => {
    const hook = await register('/again', ['contact.created']);
    await createContact(t, user, leadPayload({ name: 'Rıza', surname: 'Redeliver' }));
    await received('/again', 1);
    const [first] = await until(
      'delivered',
      async () => {
        const rows = await deliveries(hook.id);
        return rows[0]?.state === 'delivered' ? rows : undefined;
      },
      15_000,
    );
    const res = await call(t, 'POST', `/api/webhooks/${hook.id}/deliveries/${first!.id}/redeliver`, admin);
    expect(res.statusCode).toBe(202);
    await received('/again', 2);
    const [a, b] = receiver.at('/again');
    expect(b!.headers['webhook-id']).toBe(a!.headers['webhook-id']);
    expect(b!.body).toBe(a!.body);
    expect(verified('/again', hook.secret)).toHaveLength(2);
    const log = await until(
      'two deliveries',
      async () => {
        const rows = await deliveries(hook.id);
        return rows.length === 2 && rows[0]!.state === 'delivered' ? rows : undefined;
      },
      15_000,
    );
    expect(log.map((row) => [row.eventId, row.state])).toEqual([
      [first!.eventId, 'delivered'],
      [first!.eventId, 'delivered'],
    ]);
    const missing = await call(t, 'POST', `/api/webhooks/${hook.id}/deliveries/999999/redeliver`, admin);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe(m.deliveryNotFound);
    await call(t, 'DELETE', `/api/webhooks/${hook.id}`, admin);
  });

  it('disables an endpoint after events in a row fail for good, and tells the admins', async () => {
    const hook = await register('/down', ['partner.created']);
    receiver.always('/down', 503);
    await createAgency(t, admin, { name: 'Failing One' });
    await createAgency(t, admin, { name: 'Failing Two' });
    const disabled = await until(
      'disabled',
      async () => {
        const rows = (await call(t, 'GET', '/api/webhooks', admin)).json<WebhookJson[]>();
        const row = rows.find((hookRow) => hookRow.id === hook.id);
        return row && !row.isActive ? row : undefined;
      },
      20_000,
    );
    expect(disabled.disabledReason).toBe('Disabled after 2 events in a row failed');
    // Two events, each tried three times (the first try and two retries).
    expect(receiver.at('/down')).toHaveLength(6);
    expect((await deliveries(hook.id)).map((row) => [row.state, row.attempts])).toEqual([
      ['failed', 3],
      ['failed', 3],
    ]);
    const other = await signIn(t, { role: 'admin', firstName: 'Ozan', surname: 'Other' });
    const notes = await until(
      'notified',
      async () => {
        const list = (await call(t, 'GET', '/api/notifications', admin)).json<
          { kind: string; text: string }[]
        >();
        const found = list.filter((note) => note.kind === 'webhook_disabled');
        return found.length > 0 ? found : undefined;
      },
      5000,
    );
    expect(notes[0]!.text).toBe(
      `Webhook ${receiver.url('/down')} was disabled after 2 events in a row failed`,
    );
    expect(other.id).toBeGreaterThan(0);
    // Disabled, it hears nothing more; turned on again, it starts afresh.
    await createAgency(t, admin, { name: 'Unheard' });
    const enabled = await call(t, 'PATCH', `/api/webhooks/${hook.id}`, admin, { isActive: true });
    expect(enabled.json()).toMatchObject({ isActive: true, disabledReason: null, failingEvents: 0 });
    expect(receiver.at('/down')).toHaveLength(6);
    await call(t, 'DELETE', `/api/webhooks/${hook.id}`, admin);
  });

  it('delivers each event once with two server instances on the same database, in order per record', async () => {
    const hook = await register('/twice', ['contact.created', 'contact.updated']);
    const second = await buildApp({ config: t.config, db: t.db, serveWeb: false });
    await second.ready();
    try {
      const created = [];
      for (let i = 0; i < 6; i++)
        created.push(await createContact(t, user, leadPayload({ name: `Iki${i}`, surname: 'Instance' })));
      const edited = created[0]!;
      for (const budget of [1000, 2000, 3000]) {
        const res = await call(
          t,
          'PUT',
          `/api/contacts/${edited.id}`,
          user,
          leadPayload({
            name: edited.name,
            surname: 'Instance',
            budget,
          }),
        );
        expect(res.statusCode, res.body).toBe(200);
      }
      await received('/twice', 9);
      // Time for a second send of any event to arrive, had one been made.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const ids = receiver.at('/twice').map((request) => request.headers['webhook-id']);
      expect(ids).toHaveLength(9);
      expect(new Set(ids).size).toBe(9);
      const events = verified('/twice', hook.secret);
      // Records are sent side by side; one record's events keep their order.
      expect(
        events
          .filter((event) => event.type === 'contact.created')
          .map((event) => event.data.recordId)
          .sort(),
      ).toEqual(created.map((contact) => contact.id).sort());
      expect(
        events
          .filter((event) => event.data.recordId === edited.id)
          .map((event) => [event.type, (event.data.record as { budget: number }).budget]),
      ).toEqual([
        ['contact.created', edited.budget],
        ['contact.updated', 1000],
        ['contact.updated', 2000],
        ['contact.updated', 3000],
      ]);
    } finally {
      await second.close();
    }
  });
});

describe('the delivery log', () => {
  it('forgets events after 30 days with their deliveries and attempts, unless one still waits to be sent', async () => {
    const hook = await register('/kept', ['contact.created']);
    for (const name of ['Eski', 'Bekleyen', 'Yeni'])
      await createContact(t, user, leadPayload({ name, surname: 'Log' }));
    await received('/kept', 3);
    const log = await until(
      'delivered',
      async () => {
        const rows = await deliveries(hook.id);
        return rows.length === 3 && rows.every((row) => row.state === 'delivered') ? rows : undefined;
      },
      15_000,
    );
    const [recent, waiting, old] = log.map((row) => row.eventId);
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60_000).toISOString();
    await t.db
      .updateTable('webhook_events')
      .set({ created_at: longAgo })
      .where('id', 'in', [old!, waiting!])
      .execute();
    await t.db
      .updateTable('webhook_deliveries')
      .set({ state: 'pending' })
      .where('event_id', '=', waiting!)
      .execute();

    await pruneWebhookLog(t.db);
    const left = await t.db
      .selectFrom('webhook_events')
      .select('id')
      .where('id', 'in', [old!, waiting!, recent!])
      .execute();
    expect(left.map((row) => row.id).sort()).toEqual([waiting!, recent!].sort());
    expect((await deliveries(hook.id)).map((row) => row.eventId)).toEqual([recent, waiting]);
    const orphans = await t.db
      .selectFrom('webhook_attempts')
      .leftJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_attempts.delivery_id')
      .select('webhook_attempts.id')
      .where('webhook_deliveries.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
    await t.db
      .updateTable('webhook_deliveries')
      .set({ state: 'failed' })
      .where('event_id', '=', waiting!)
      .execute();
    await call(t, 'DELETE', `/api/webhooks/${hook.id}`, admin);
  });
});
