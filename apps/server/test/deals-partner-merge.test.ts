import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAgency, createAgencyContact } from './helpers/agencies.js';
import { createContact, leadPayload, uniqueTag } from './helpers/contacts.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

/** A merge of partners hands the merged partner's referred deals to the survivor, and its undo hands them back. */
interface DealJson {
  id: number;
  agencyId: number | null;
  agency: { id: number; name: string } | null;
  contactId: number;
  version: number;
  isActive: boolean;
}
interface HistoryJson {
  kind: string;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
}

let t: TestApp;
let admin: SignedIn;
let ayse: SignedIn;
let newStage: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  ayse = await signIn(t, { firstName: 'Ayşe', surname: 'Sales' });
  const stages = (await api(t, 'GET', '/api/deal-stages', ayse)).json<{ id: number; name: string }[]>();
  newStage = stages.find((stage) => stage.name === 'New')!.id;
});
afterAll(async () => t.close());

async function createDeal(who: SignedIn, fields: Record<string, unknown>): Promise<DealJson> {
  const res = await api(t, 'POST', '/api/deals', who, { stageId: newStage, ...fields });
  if (res.statusCode !== 201) throw new Error(`create deal failed: ${res.statusCode} ${res.body}`);
  return res.json<DealJson>();
}
const dealOf = async (id: number) => (await api(t, 'GET', `/api/deals/${id}`, admin)).json<DealJson>();

describe('a merge of partners', () => {
  it('moves the merged partner’s deals to the survivor through the deals’ write path, and undo moves them back', async () => {
    const tag = uniqueTag('pm');
    const survivor = await createAgency(t, admin, { name: `Kept ${tag}`, email: `${tag}@kept.example` });
    const other = await createAgency(t, admin, { name: `Other ${tag}`, email: `${tag}@other.example` });
    const customer = await createAgencyContact(t, admin, other.id, { name: 'Referred', surname: 'Buyer' });
    const lead = (await createContact(t, ayse, leadPayload({ name: 'Direct', surname: 'Lead' }))).id;
    // One deal referred by the other partner through its contact, one named as its partner by hand,
    // a deactivated one, and one of the survivor's own that stays as it is.
    const referred = await createDeal(ayse, { title: 'Referred flat', contactId: customer.id });
    const named = await createDeal(ayse, { title: 'Named villa', contactId: lead, agencyId: other.id });
    const inactive = await createDeal(admin, { title: 'Old deal', contactId: lead, agencyId: other.id });
    const off = await api(t, 'PUT', `/api/deals/${inactive.id}`, admin, {
      title: 'Old deal',
      contactId: lead,
      agencyId: other.id,
      stageId: newStage,
      isActive: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const own = await createDeal(ayse, { title: 'Own deal', contactId: lead, agencyId: survivor.id });
    expect(referred.agencyId).toBe(other.id);

    const preview = await api(t, 'POST', '/api/agencies/merge', admin, {
      survivorId: survivor.id,
      otherId: other.id,
      dryRun: true,
      choices: { name: 'survivor' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<{ moved: Record<string, number> }>().moved.deals).toBe(3);
    expect((await dealOf(named.id)).agencyId).toBe(other.id);

    const res = await api(t, 'POST', '/api/agencies/merge', admin, {
      survivorId: survivor.id,
      otherId: other.id,
      choices: { name: 'survivor' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const merge = res.json<{ mergeId: number; moved: Record<string, number> }>();
    expect(merge.moved.deals).toBe(3);
    for (const deal of [referred, named, inactive]) {
      const after = await dealOf(deal.id);
      expect(after.agency).toEqual({ id: survivor.id, name: `Kept ${tag}` });
      expect(after.version).toBe(deal.id === inactive.id ? 3 : 2);
    }
    expect(await dealOf(own.id)).toMatchObject({ agencyId: survivor.id, version: 1 });
    const history = (await api(t, 'GET', `/api/deals/${named.id}/history`, ayse)).json<HistoryJson[]>();
    expect(history[0]).toMatchObject({
      kind: 'edited',
      field: 'agency',
      oldValue: `Other ${tag}`,
      newValue: `Kept ${tag}`,
    });

    // A deal given to another partner since the merge stays where it was put.
    const third = await createAgency(t, admin, { name: `Third ${tag}`, email: `${tag}@third.example` });
    const given = await api(t, 'PUT', `/api/deals/${referred.id}`, admin, {
      title: 'Referred flat',
      contactId: customer.id,
      agencyId: third.id,
      stageId: newStage,
    });
    expect(given.json<DealJson>().agencyId).toBe(third.id);

    const undo = await api(t, 'POST', `/api/agencies/merge/${merge.mergeId}/undo`, admin);
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await dealOf(named.id)).agencyId).toBe(other.id);
    expect((await dealOf(inactive.id)).agencyId).toBe(other.id);
    expect((await dealOf(referred.id)).agencyId).toBe(third.id);
    expect((await dealOf(own.id)).agencyId).toBe(survivor.id);
  });
});
