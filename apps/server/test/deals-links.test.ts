import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAgency, createAgencyContact } from './helpers/agencies.js';
import { createContact, type HistoryJson, leadPayload, uniqueTag } from './helpers/contacts.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

/**
 * Deals where they belong beyond their own screens: the command palette, a merge of their contact
 * (and its undo), and a contact's and a partner's Deals tab with the partner's revenue and commission.
 */
interface DealJson {
  id: number;
  title: string;
  contactId: number;
  agencyId: number | null;
  ownerId: number;
  stage: { id: number; name: string; kind: string };
  probability: number;
  amount: number;
  expectedCloseDate: string | null;
  owner: { id: number; name: string };
  isActive: boolean;
  version: number;
}
interface HitJson {
  kind: string;
  id: number;
  title: string;
  context: string;
  type: string | null;
  mergedFrom: number | null;
}
interface TabJson {
  deals: DealJson[];
  currency: string;
  referredRevenue?: number;
  commissionRate?: number;
  commissionEarned?: number;
}

let t: TestApp;
let admin: SignedIn;
let ayse: SignedIn;
let mehmet: SignedIn;
const stage: Record<string, number> = {};
let priceReasonId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  ayse = await signIn(t, { firstName: 'Ayşe', surname: 'Sales' });
  mehmet = await signIn(t, { firstName: 'Mehmet', surname: 'Sales' });
  for (const row of (await api(t, 'GET', '/api/deal-stages', ayse)).json<{ id: number; name: string }[]>())
    stage[row.name] = row.id;
  const reasons = (await api(t, 'GET', '/api/deal-lost-reasons', ayse)).json<
    { id: number; name: string }[]
  >();
  priceReasonId = reasons.find((reason) => reason.name === 'Price')!.id;
});
afterAll(async () => t.close());

async function createDeal(who: SignedIn, fields: Record<string, unknown>): Promise<DealJson> {
  const res = await api(t, 'POST', '/api/deals', who, { stageId: stage.New, ...fields });
  if (res.statusCode !== 201) throw new Error(`create deal failed: ${res.statusCode} ${res.body}`);
  return res.json<DealJson>();
}

async function palette(who: SignedIn, q: string): Promise<HitJson[]> {
  const res = await api(t, 'GET', `/api/search?q=${encodeURIComponent(q)}`, who);
  expect(res.statusCode, res.body).toBe(200);
  const groups = res.json<{ groups: { kind: string; items: HitJson[] }[] }>().groups;
  return groups.find((group) => group.kind === 'deal')?.items ?? [];
}

describe('the palette finds deals', () => {
  it('by the start of the title, exact matches first, with stage, contact and amount as context', async () => {
    const tag = uniqueTag('dl');
    const lead = await createContact(t, ayse, leadPayload({ name: 'Leyla', surname: 'Lead' }));
    const longer = await createDeal(ayse, { title: `${tag} villa`, contactId: lead.id, amount: '1250.5' });
    const exact = await createDeal(ayse, { title: tag, contactId: lead.id, stageId: stage.Proposal });
    const hits = await palette(ayse, tag.toUpperCase());
    expect(hits).toEqual([
      {
        kind: 'deal',
        id: exact.id,
        title: tag,
        context: 'Deal · Proposal · Leyla Lead · £0.00',
        type: null,
        mergedFrom: null,
      },
      {
        kind: 'deal',
        id: longer.id,
        title: `${tag} villa`,
        context: 'Deal · New · Leyla Lead · £1,250.50',
        type: null,
        mergedFrom: null,
      },
    ]);
  });

  it("by the contact's name or surname, the latest edited first", async () => {
    const tag = uniqueTag('dc');
    const lead = await createContact(t, ayse, leadPayload({ name: 'Şule', surname: tag }));
    const first = await createDeal(ayse, { title: 'Harbour flat', contactId: lead.id });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await createDeal(ayse, { title: 'Hill house', contactId: lead.id });
    expect((await palette(ayse, tag)).map((hit) => hit.id)).toEqual([second.id, first.id]);
    // The folded full name: "sule" finds Şule.
    expect((await palette(ayse, `sule ${tag}`)).map((hit) => hit.id)).toEqual([second.id, first.id]);
  });

  it('shows a plain user only their own active deals, an admin every deal', async () => {
    const tag = uniqueTag('dv');
    const lead = await createContact(t, ayse, leadPayload({ name: 'Hidden', surname: 'Lead' }));
    const ayses = await createDeal(ayse, { title: `${tag} ayse`, contactId: lead.id });
    const assigned = await createDeal(admin, {
      title: `${tag} assigned`,
      contactId: lead.id,
      ownerId: admin.id,
      assignedToId: mehmet.id,
    });
    expect((await palette(mehmet, tag)).map((hit) => hit.title)).toEqual([`${tag} assigned`]);
    expect((await palette(ayse, tag)).map((hit) => hit.title)).toEqual([`${tag} ayse`]);
    const off = await api(t, 'PUT', `/api/deals/${ayses.id}`, admin, {
      title: `${tag} ayse`,
      contactId: lead.id,
      stageId: stage.New,
      isActive: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await palette(ayse, tag)).toEqual([]);
    const all = await palette(admin, tag);
    expect(all.map((hit) => hit.id).sort((a, b) => a - b)).toEqual([ayses.id, assigned.id]);
    expect(all.find((hit) => hit.id === ayses.id)?.context).toBe(
      'Deal · New · Hidden Lead · £0.00 · Inactive',
    );
  });
});

describe('merging contacts', () => {
  it("moves the merged contact's deals to the survivor, and the undo puts them back", async () => {
    const tag = uniqueTag('dm');
    const survivor = await createContact(t, ayse, leadPayload({ name: 'Kept', surname: tag }));
    const other = await createContact(t, ayse, leadPayload({ name: 'Gone', surname: tag }));
    const open = await createDeal(ayse, { title: 'Open deal', contactId: other.id, amount: '100' });
    const lost = await createDeal(ayse, {
      title: 'Lost deal',
      contactId: other.id,
      stageId: stage.Lost,
      lostReasonId: priceReasonId,
    });
    const stays = await createDeal(ayse, { title: 'Survivor deal', contactId: survivor.id });

    const res = await api(t, 'POST', '/api/contacts/merge', admin, {
      survivorId: survivor.id,
      otherId: other.id,
      choices: { name: 'survivor' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const merge = res.json<{ mergeId: number; moved: Record<string, unknown> }>();
    expect(merge.moved.deals).toBe(2);
    const onSurvivor = (await api(t, 'GET', `/api/contacts/${survivor.id}/deals`, ayse)).json<TabJson>();
    expect(onSurvivor.deals.map((deal) => deal.id).sort((a, b) => a - b)).toEqual([
      open.id,
      lost.id,
      stays.id,
    ]);
    const moved = (await api(t, 'GET', `/api/deals/${open.id}`, ayse)).json<DealJson>();
    expect(moved).toMatchObject({ contactId: survivor.id, version: open.version + 1, amount: 100 });
    const history = (await api(t, 'GET', `/api/deals/${open.id}/history`, admin)).json<HistoryJson[]>();
    expect(history[0]).toMatchObject({
      field: 'contact',
      oldValue: `Gone ${tag}`,
      newValue: `Kept ${tag}`,
      user: { name: 'Alice Admin' },
    });

    const undo = await api(t, 'POST', `/api/contacts/merge/${merge.mergeId}/undo`, admin);
    expect(undo.statusCode, undo.body).toBe(200);
    for (const id of [open.id, lost.id])
      expect((await api(t, 'GET', `/api/deals/${id}`, ayse)).json<DealJson>().contactId).toBe(other.id);
    expect((await api(t, 'GET', `/api/deals/${stays.id}`, ayse)).json<DealJson>().contactId).toBe(
      survivor.id,
    );
    const back = (await api(t, 'GET', `/api/deals/${lost.id}`, ayse)).json<DealJson>();
    expect(back.stage.name).toBe('Lost');
  });

  it('a dry run moves nothing but counts the deals', async () => {
    const tag = uniqueTag('dd');
    const survivor = await createContact(t, ayse, leadPayload({ name: 'Kept', surname: tag }));
    const other = await createContact(t, ayse, leadPayload({ name: 'Gone', surname: tag }));
    const deal = await createDeal(ayse, { title: 'Dry deal', contactId: other.id });
    const res = await api(t, 'POST', '/api/contacts/merge', admin, {
      survivorId: survivor.id,
      otherId: other.id,
      dryRun: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ moved: Record<string, unknown> }>().moved.deals).toBe(1);
    expect((await api(t, 'GET', `/api/deals/${deal.id}`, ayse)).json<DealJson>().contactId).toBe(other.id);
  });
});

describe("a contact's and a partner's deals", () => {
  it("answers a contact's deals the caller may see, with title, stage, amount, probability, close and owner", async () => {
    const lead = await createContact(t, ayse, leadPayload({ name: 'Tab', surname: uniqueTag('dt') }));
    const mine = await createDeal(ayse, {
      title: 'Mine',
      contactId: lead.id,
      amount: '2500',
      probability: 35,
      expectedCloseDate: '2027-03-31',
    });
    const theirs = await createDeal(mehmet, { title: 'Theirs', contactId: lead.id });
    const tab = (await api(t, 'GET', `/api/contacts/${lead.id}/deals`, ayse)).json<TabJson>();
    expect(tab.currency).toBe('GBP');
    expect(tab.deals).toEqual([
      expect.objectContaining({
        id: mine.id,
        title: 'Mine',
        stage: { id: stage.New, name: 'New', kind: 'open' },
        amount: 2500,
        probability: 35,
        expectedCloseDate: '2027-03-31',
        owner: { id: ayse.id, name: 'Ayşe Sales' },
      }),
    ]);
    const all = (await api(t, 'GET', `/api/contacts/${lead.id}/deals`, admin)).json<TabJson>();
    expect(all.deals.map((deal) => deal.id)).toEqual([theirs.id, mine.id]);
  });

  it('answers 404 for a contact or partner that does not exist', async () => {
    const contact = await api(t, 'GET', '/api/contacts/99999999/deals', ayse);
    expect(contact.statusCode).toBe(404);
    expect(errorOf(contact)).toBe('Contact not found.');
    const partner = await api(t, 'GET', '/api/agencies/99999999/deals', ayse);
    expect(partner.statusCode).toBe(404);
    expect(errorOf(partner)).toBe('Agency not found');
  });

  it("gives a partner's referred revenue (its won deals) and the commission at its rate", async () => {
    const partner = await createAgency(t, admin, { name: `Sunrise ${uniqueTag('dp')}`, commissionRate: 7.5 });
    const customer = await createAgencyContact(t, admin, partner.id, { name: 'Paul', surname: 'Partnered' });
    const won = async (who: SignedIn, amount: string) =>
      createDeal(who, { title: `Won ${amount}`, contactId: customer.id, stageId: stage.Won, amount });
    const big = await won(ayse, '1200.50');
    const small = await won(mehmet, '800');
    await createDeal(ayse, { title: 'Still open', contactId: customer.id, amount: '5000' });
    await createDeal(ayse, {
      title: 'Lost one',
      contactId: customer.id,
      stageId: stage.Lost,
      lostReasonId: priceReasonId,
      amount: '300',
    });
    // Won, but deactivated: it counts no more.
    const dropped = await won(ayse, '999');
    const off = await api(t, 'PUT', `/api/deals/${dropped.id}`, admin, {
      title: dropped.title,
      contactId: customer.id,
      stageId: stage.Won,
      amount: '999',
      isActive: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(big.agencyId).toBe(partner.id);

    const forAdmin = (await api(t, 'GET', `/api/agencies/${partner.id}/deals`, admin)).json<TabJson>();
    // 1,200.50 + 800 = 2,000.50; × 7.5 % = 150.0375, £150.04.
    expect(forAdmin).toMatchObject({
      currency: 'GBP',
      referredRevenue: 2000.5,
      commissionRate: 7.5,
      commissionEarned: 150.04,
    });
    expect(forAdmin.deals).toHaveLength(5);
    const forMehmet = (await api(t, 'GET', `/api/agencies/${partner.id}/deals`, mehmet)).json<TabJson>();
    // Only his own: 800 × 7.5 % = 60.
    expect(forMehmet).toMatchObject({ referredRevenue: 800, commissionEarned: 60 });
    expect(forMehmet.deals.map((deal) => deal.id)).toEqual([small.id]);
  });
});
