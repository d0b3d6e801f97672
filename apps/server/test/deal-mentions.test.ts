import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './helpers/agencies.js';
import { createContact, leadPayload } from './helpers/contacts.js';
import { notificationsOf, unreadCount } from './helpers/tasks.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

/**
 * A mention in a deal's note names the deal: the notification leads to /deals/{id}, and it is
 * shown only while its reader may see the deal (admins always; anyone else while the deal is
 * active and theirs or assigned to them), as the deal's own screen is.
 */
let t: TestApp;
let admin: SignedIn;
let ayse: SignedIn;
let mehmet: SignedIn;
let ulas: SignedIn;
let contactId: number;
let stageId: number;
let dealId: number;

const mention = (id: number, name: string) => `<span data-mention="${id}">@${name}</span>`;
const TITLE = 'Harbour flat for Leyla';

/** Saves the deal as the admin, its owner Ayşe, with these changes (a PUT answers the whole form). */
async function saveDeal(changes: { assignedToId: number; isActive: boolean }): Promise<void> {
  const res = await api(t, 'PUT', `/api/deals/${dealId}`, admin, {
    title: TITLE,
    contactId,
    stageId,
    ownerId: ayse.id,
    ...changes,
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  ayse = await signIn(t, { firstName: 'Ayşe', surname: 'Sales' });
  mehmet = await signIn(t, { firstName: 'Mehmet', surname: 'Sales' });
  ulas = await signIn(t, { firstName: 'Ulaş', surname: 'Other' });
  contactId = (await createContact(t, ayse, leadPayload({ name: 'Leyla', surname: 'Lead' }))).id;
  const stages = (await api(t, 'GET', '/api/deal-stages', ayse)).json<{ id: number; name: string }[]>();
  stageId = stages.find((stage) => stage.name === 'New')!.id;
  const created = await api(t, 'POST', '/api/deals', admin, {
    title: TITLE,
    contactId,
    stageId,
    ownerId: ayse.id,
    assignedToId: mehmet.id,
  });
  expect(created.statusCode, created.body).toBe(201);
  dealId = created.json<{ id: number }>().id;
});
afterAll(async () => t.close());

describe('a mention in a deal’s note', () => {
  it('gives the mentioned user who may see the deal a notification that leads to the deal', async () => {
    const res = await api(t, 'POST', `/api/deals/${dealId}/add-note`, ayse, {
      content: `<p>Keys on Friday ${mention(mehmet.id, 'Mehmet')} ${mention(ulas.id, 'Ulaş')} ${mention(admin.id, 'Alice')}</p>`,
    });
    expect(res.statusCode, res.body).toBe(201);

    const expected = {
      kind: 'mention',
      text: 'Keys on Friday @Mehmet @Ulaş @Alice',
      actor: { name: 'Ayşe Sales' },
      taskId: null,
      record: { kind: 'deal', id: dealId, path: `/deals/${dealId}` },
      path: `/deals/${dealId}`,
      read: false,
    };
    const [mehmets] = await notificationsOf(t, mehmet);
    expect(mehmets).toMatchObject(expected);
    expect((await notificationsOf(t, admin))[0]).toMatchObject(expected);
    const stored = await t.db
      .selectFrom('notifications')
      .select(['deal_id', 'contact_id', 'agency_id'])
      .where('id', '=', mehmets!.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ deal_id: dealId, contact_id: null, agency_id: null });

    // Ulaş may not see the deal, so he is not told what its note says.
    expect(await notificationsOf(t, ulas)).toEqual([]);
    const his = await t.db.selectFrom('notifications').select('id').where('user_id', '=', ulas.id).execute();
    expect(his).toEqual([]);
  });

  it('is hidden from a plain user once the deal is no longer theirs, and back when it is again', async () => {
    expect(await unreadCount(t, mehmet)).toBe(1);
    // Handed to Ulaş, the deal is Mehmet's no more (an unsaid assignee keeps the one it has).
    await saveDeal({ assignedToId: ulas.id, isActive: true });
    expect(await notificationsOf(t, mehmet)).toEqual([]);
    expect(await unreadCount(t, mehmet)).toBe(0);
    // An admin may see every deal, so theirs stays.
    expect((await notificationsOf(t, admin))[0]?.record).toEqual({
      kind: 'deal',
      id: dealId,
      path: `/deals/${dealId}`,
    });

    await saveDeal({ assignedToId: mehmet.id, isActive: true });
    expect((await notificationsOf(t, mehmet)).map((item) => item.record?.id)).toEqual([dealId]);
    expect(await unreadCount(t, mehmet)).toBe(1);
  });

  it('is hidden from its owner while the deal is deactivated', async () => {
    const res = await api(t, 'POST', `/api/deals/${dealId}/add-note`, admin, {
      content: `<p>Contract signed ${mention(ayse.id, 'Ayşe')}</p>`,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await notificationsOf(t, ayse))[0]).toMatchObject({
      text: 'Contract signed @Ayşe',
      actor: { name: 'Alice Admin' },
      path: `/deals/${dealId}`,
    });

    await saveDeal({ assignedToId: mehmet.id, isActive: false });
    expect(await notificationsOf(t, ayse)).toEqual([]);
    expect(await notificationsOf(t, mehmet)).toEqual([]);
    expect(await unreadCount(t, ayse)).toBe(0);
    expect((await notificationsOf(t, admin)).map((item) => item.path)).toEqual([`/deals/${dealId}`]);

    await saveDeal({ assignedToId: mehmet.id, isActive: true });
    expect((await notificationsOf(t, ayse)).map((item) => item.text)).toEqual(['Contract signed @Ayşe']);
  });
});
