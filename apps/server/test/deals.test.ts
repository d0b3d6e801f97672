import { todayIso } from '@crm/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAgency, createAgencyContact } from './helpers/agencies.js';
import { createContact, type HistoryJson, leadPayload } from './helpers/contacts.js';
import { createProduct } from './helpers/products.js';
import { createTestApp, errorOf, fieldsOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

interface StageJson {
  id: number;
  name: string;
  position: number;
  probability: number;
  kind: string;
  isActive: boolean;
}
interface DealJson {
  id: number;
  title: string;
  contactId: number;
  contact: { id: number; name: string; type: string };
  agencyId: number | null;
  agency: { id: number; name: string } | null;
  ownerId: number;
  assignedToId: number | null;
  stageId: number;
  stage: { id: number; name: string; kind: string };
  probability: number;
  amount: number;
  lostReasonId: number | null;
  lostReasonText: string | null;
  wonDate: string | null;
  isActive: boolean;
  version: number;
  currency: string;
  lines: { productId: number; quantity: number; unitPrice: number; discount: number; lineTotal: number }[];
}
interface BoardJson {
  stage: StageJson;
  count: number;
  totalAmount: number;
  weightedTotal: number;
  cards: { id: number; title: string }[];
  nextCursor: string | null;
}

let t: TestApp;
let admin: SignedIn;
let ayse: SignedIn;
let mehmet: SignedIn;
let leadId: number;
let partnerId: number;
let partnerLeadId: number;
let flatId: number;
let villaId: number;
const stage: Record<string, StageJson> = {};
let priceReasonId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  ayse = await signIn(t, { firstName: 'Ayşe', surname: 'Sales' });
  mehmet = await signIn(t, { firstName: 'Mehmet', surname: 'Sales' });
  leadId = (await createContact(t, ayse, leadPayload({ name: 'Leyla', surname: 'Lead' }))).id;
  const partner = await createAgency(t, admin, { name: 'Sunrise Homes' });
  partnerId = partner.id;
  partnerLeadId = (await createAgencyContact(t, admin, partnerId, { name: 'Paul', surname: 'Partnered' })).id;
  flatId = (await createProduct(t, admin, { title: 'Harbour flat' })).id; // 150,000
  villaId = (await createProduct(t, admin, { title: 'Hill villa', realEstateProduct: { salePrice: 400000 } }))
    .id;
  const stages = (await api(t, 'GET', '/api/deal-stages', ayse)).json<StageJson[]>();
  for (const row of stages) stage[row.name] = row;
  const reasons = (await api(t, 'GET', '/api/deal-lost-reasons', ayse)).json<
    { id: number; name: string }[]
  >();
  priceReasonId = reasons.find((reason) => reason.name === 'Price')!.id;
});
afterAll(async () => t.close());

const FORBIDDEN = 'You do not have permission to do this';

async function createDeal(who: SignedIn, overrides: Record<string, unknown> = {}): Promise<DealJson> {
  const res = await api(t, 'POST', '/api/deals', who, {
    title: 'Flat for Leyla',
    contactId: leadId,
    stageId: stage.New!.id,
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`create deal failed: ${res.statusCode} ${res.body}`);
  return res.json<DealJson>();
}
const move = (id: number, body: Record<string, unknown>, who: SignedIn = ayse) =>
  api(t, 'PATCH', `/api/deals/${id}/stage`, who, body);
const history = async (id: number, who: SignedIn = admin) =>
  (await api(t, 'GET', `/api/deals/${id}/history`, who)).json<HistoryJson[]>();
const expectRefused = (res: LightMyRequestResponse, status: number, error: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(errorOf(res)).toBe(error);
};

describe('the default stages and reasons', () => {
  it('seeds New to Negotiation, then Won and Lost, each with its probability', async () => {
    const stages = (await api(t, 'GET', '/api/deal-stages', ayse)).json<StageJson[]>();
    expect(stages.map((row) => [row.name, row.probability, row.kind])).toEqual([
      ['New', 10, 'open'],
      ['Qualified', 25, 'open'],
      ['Viewing', 40, 'open'],
      ['Proposal', 60, 'open'],
      ['Negotiation', 80, 'open'],
      ['Won', 100, 'won'],
      ['Lost', 0, 'lost'],
    ]);
  });
});

describe('creating a deal', () => {
  it('refuses a deal without title, contact or stage with the form messages', async () => {
    const res = await api(t, 'POST', '/api/deals', ayse, { title: ' ' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual({
      title: 'Title is required',
      contactId: 'Contact is required',
      stageId: 'Stage is required',
    });
  });

  it('refuses a contact, stage or product that does not exist', async () => {
    const noContact = await api(t, 'POST', '/api/deals', ayse, { title: 'x', contactId: 99999, stageId: 1 });
    expectRefused(noContact, 400, 'The contact must be an existing lead or customer');
    const noStage = await api(t, 'POST', '/api/deals', ayse, {
      title: 'x',
      contactId: leadId,
      stageId: 99999,
    });
    expectRefused(noStage, 400, 'Stage not found');
    const noProduct = await api(t, 'POST', '/api/deals', ayse, {
      title: 'x',
      contactId: leadId,
      stageId: stage.New!.id,
      lines: [{ productId: 99999 }],
    });
    expectRefused(noProduct, 400, 'One of the chosen products does not exist or is inactive');
    expect(fieldsOf(noProduct)).toEqual({
      'lines.0.productId': 'One of the chosen products does not exist or is inactive',
    });
  });

  it("defaults owner and assignee to the writer, probability to the stage's, and the partner to the contact's", async () => {
    const deal = await createDeal(ayse, { contactId: partnerLeadId, amount: '12.500' });
    expect(deal).toMatchObject({
      ownerId: ayse.id,
      assignedToId: ayse.id,
      probability: 10,
      agencyId: partnerId,
      agency: { id: partnerId, name: 'Sunrise Homes' },
      contact: { id: partnerLeadId, name: 'Paul Partnered', type: 'LEAD' },
      amount: 12500,
      currency: 'GBP',
      version: 1,
      lines: [],
    });
  });

  it('sums the lines into the amount, each at its product price unless one is given, less its discount', async () => {
    const deal = await createDeal(ayse, {
      amount: 1,
      lines: [
        { productId: flatId, quantity: 2, discount: 10 },
        { productId: villaId, unitPrice: '350.000,50' },
      ],
    });
    expect(deal.lines).toEqual([
      {
        productId: flatId,
        product: { id: flatId, title: 'Harbour flat' },
        quantity: 2,
        unitPrice: 150000,
        discount: 10,
        lineTotal: 270000,
      },
      {
        productId: villaId,
        product: { id: villaId, title: 'Hill villa' },
        quantity: 1,
        unitPrice: 350000.5,
        discount: 0,
        lineTotal: 350000.5,
      },
    ]);
    expect(deal.amount).toBe(620000.5);
  });

  it('lets only an admin give a new deal to someone else', async () => {
    const res = await api(t, 'POST', '/api/deals', ayse, {
      title: 'x',
      contactId: leadId,
      stageId: stage.New!.id,
      assignedToId: mehmet.id,
    });
    expectRefused(res, 403, 'Only an administrator can give a deal to someone else');
    const given = await createDeal(admin, { ownerId: mehmet.id, assignedToId: mehmet.id });
    expect(given).toMatchObject({ ownerId: mehmet.id, assignedToId: mehmet.id });
  });
});

describe('moving a deal between stages', () => {
  it("takes the new stage's probability, records the move and refuses a stale version with 409", async () => {
    const deal = await createDeal(ayse);
    const moved = await move(deal.id, { stageId: stage.Viewing!.id, version: deal.version });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<DealJson>()).toMatchObject({ stage: { name: 'Viewing' }, probability: 40, version: 2 });
    expect(moved.headers.etag).toBe('"2"');

    const stale = await move(deal.id, { stageId: stage.Proposal!.id, version: 1 }, admin);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatch(
      /^This deal was changed by Ayşe Sales at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC since you opened it\.$/,
    );
    expect(stale.json<{ current: DealJson }>().current).toMatchObject({
      version: 2,
      stage: { name: 'Viewing' },
    });

    const entries = await history(deal.id);
    expect(entries.map((entry) => [entry.kind, entry.field, entry.oldValue, entry.newValue])).toEqual([
      // Newest first: one write's entries come in the reverse of the form's order.
      ['edited', 'probability', '10', '40'],
      ['edited', 'stage', 'New', 'Viewing'],
      ['created', null, null, 'Flat for Leyla'],
    ]);
    expect(entries[1]!.user).toEqual({ name: 'Ayşe Sales' });
  });

  it('keeps a probability given with the move', async () => {
    const deal = await createDeal(ayse);
    const moved = await move(deal.id, { stageId: stage.Proposal!.id, probability: 70 });
    expect(moved.json<DealJson>().probability).toBe(70);
  });

  it('requires a lost reason on Lost and keeps its free text', async () => {
    const deal = await createDeal(ayse);
    const refused = await move(deal.id, { stageId: stage.Lost!.id });
    expectRefused(refused, 400, 'Choose a lost reason');
    expect(fieldsOf(refused)).toEqual({ lostReasonId: 'Choose a lost reason' });
    const lost = await move(deal.id, {
      stageId: stage.Lost!.id,
      lostReasonId: priceReasonId,
      lostReasonText: 'Went for a cheaper flat',
    });
    expect(lost.json<DealJson>()).toMatchObject({
      probability: 0,
      lostReasonId: priceReasonId,
      lostReasonText: 'Went for a cheaper flat',
      wonDate: null,
    });
    const reopened = await move(deal.id, { stageId: stage.Qualified!.id });
    expect(reopened.json<DealJson>()).toMatchObject({
      lostReasonId: null,
      lostReasonText: null,
      probability: 25,
    });
  });

  it('sets the won date to today on Won', async () => {
    const deal = await createDeal(ayse);
    const won = await move(deal.id, { stageId: stage.Won!.id });
    expect(won.json<DealJson>()).toMatchObject({ probability: 100, wonDate: todayIso() });
    const entries = await history(deal.id);
    expect(entries.find((entry) => entry.field === 'wonDate')).toMatchObject({
      oldValue: null,
      newValue: todayIso(),
    });
  });
});

describe('editing a deal', () => {
  it('replaces the form, recomputes the amount and records each changed field', async () => {
    const deal = await createDeal(ayse, { amount: 100 });
    const res = await api(t, 'PUT', `/api/deals/${deal.id}`, ayse, {
      title: 'Two flats for Leyla',
      contactId: leadId,
      stageId: stage.New!.id,
      lines: [{ productId: flatId, quantity: 2 }],
      version: deal.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DealJson>()).toMatchObject({ title: 'Two flats for Leyla', amount: 300000, version: 2 });
    const entries = await history(deal.id);
    expect(entries.slice(0, 3).map((entry) => [entry.field, entry.oldValue, entry.newValue])).toEqual([
      ['lines', null, 'Harbour flat × 2'],
      ['amount', '£100.00', '£300,000.00'],
      ['title', 'Flat for Leyla', 'Two flats for Leyla'],
    ]);
  });
});

describe('a stale form', () => {
  it('is refused with 409 when a field it changes was changed since, and kept when it changes others', async () => {
    const deal = await createDeal(ayse, { amount: 10 });
    const form = { title: deal.title, contactId: leadId, stageId: stage.New!.id, amount: 10 };
    const first = await api(t, 'PUT', `/api/deals/${deal.id}`, ayse, { ...form, title: 'First', version: 1 });
    expect(first.json<DealJson>().version).toBe(2);
    const clash = await api(t, 'PUT', `/api/deals/${deal.id}`, ayse, {
      ...form,
      title: 'Second',
      version: 1,
    });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash)).toMatch(/^This deal was changed by Ayşe Sales at .* since you opened it\.$/);
    const other = await api(t, 'PUT', `/api/deals/${deal.id}`, ayse, {
      ...form,
      title: 'First',
      amount: 20,
      version: 1,
    });
    expect(other.json<DealJson>()).toMatchObject({ title: 'First', amount: 20, version: 3 });
  });
});

describe('who may see and change a deal', () => {
  it("hides another person's deal from a plain user, in the detail, the list and the board", async () => {
    const deal = await createDeal(mehmet, { title: 'Mehmet only' });
    expectRefused(await api(t, 'GET', `/api/deals/${deal.id}`, ayse), 404, 'Deal not found.');
    expectRefused(await move(deal.id, { stageId: stage.Won!.id }, ayse), 404, 'Deal not found.');
    const put = await api(t, 'PUT', `/api/deals/${deal.id}`, ayse, {
      title: 'Taken',
      contactId: leadId,
      stageId: stage.New!.id,
    });
    expectRefused(put, 404, 'Deal not found.');
    const list = await api(t, 'GET', '/api/deals?limit=200', ayse);
    expect(list.json<DealJson[]>().map((row) => row.title)).not.toContain('Mehmet only');
    expect(
      list.json<DealJson[]>().every((row) => row.ownerId === ayse.id || row.assignedToId === ayse.id),
    ).toBe(true);
    const board = (await api(t, 'GET', `/api/deals/board/${stage.New!.id}`, ayse)).json<BoardJson>();
    expect(board.cards.map((card) => card.id)).not.toContain(deal.id);
    expect((await api(t, 'GET', `/api/deals/${deal.id}`, admin)).statusCode).toBe(200);
  });

  it('lets the assignee who is not the owner see and move the deal', async () => {
    const deal = await createDeal(admin, { ownerId: mehmet.id, assignedToId: ayse.id });
    const moved = await move(deal.id, { stageId: stage.Qualified!.id }, ayse);
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('leaves deactivating to admins; an inactive deal is gone for its owner', async () => {
    const deal = await createDeal(ayse);
    const form = { title: deal.title, contactId: leadId, stageId: stage.New!.id, isActive: false };
    expectRefused(await api(t, 'PUT', `/api/deals/${deal.id}`, ayse, form), 403, FORBIDDEN);
    const off = await api(t, 'PUT', `/api/deals/${deal.id}`, admin, form);
    expect(off.json<DealJson>().isActive).toBe(false);
    expectRefused(await api(t, 'GET', `/api/deals/${deal.id}`, ayse), 404, 'Deal not found.');
    const on = await api(t, 'PUT', `/api/deals/${deal.id}`, admin, { ...form, isActive: true });
    expect(on.json<DealJson>().isActive).toBe(true);
  });

  it('refuses stage and lost reason admin to plain users', async () => {
    for (const [method, url] of [
      ['POST', '/api/deal-stages'],
      ['PUT', `/api/deal-stages/${stage.New!.id}`],
      ['PUT', '/api/deal-stages/order'],
      ['POST', '/api/deal-lost-reasons'],
      ['PUT', `/api/deal-lost-reasons/${priceReasonId}`],
    ] as const) {
      expectRefused(await api(t, method, url, ayse, { name: 'X', probability: 5, ids: [1] }), 403, FORBIDDEN);
    }
  });

  it('refuses every deal route without a session', async () => {
    expect((await api(t, 'GET', '/api/deals', null)).statusCode).toBe(401);
    expect((await api(t, 'GET', `/api/deals/board/${stage.New!.id}`, null)).statusCode).toBe(401);
  });
});

describe('the board', () => {
  it("answers a column's first 50 cards with its count, total and weighted total, then the next page by cursor", async () => {
    const fresh = await signIn(t, { firstName: 'Board', surname: 'User' });
    const contact = (await createContact(t, fresh, leadPayload({ name: 'Bora', surname: 'Board' }))).id;
    for (let i = 0; i < 52; i++) {
      await createDeal(fresh, {
        title: `Card ${i}`,
        contactId: contact,
        stageId: stage.Proposal!.id,
        amount: 1000 + i,
      });
    }
    const first = await api(t, 'GET', `/api/deals/board/${stage.Proposal!.id}`, fresh);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<BoardJson>();
    const total = Array.from({ length: 52 }, (_, i) => 1000 + i).reduce((a, b) => a + b, 0);
    expect(page).toMatchObject({ count: 52, totalAmount: total, weightedTotal: total * 0.6 });
    expect(page.cards).toHaveLength(50);
    expect(page.cards[0]!.title).toBe('Card 51');
    const second = (
      await api(t, 'GET', `/api/deals/board/${stage.Proposal!.id}?cursor=${page.nextCursor}`, fresh)
    ).json<BoardJson>();
    expect(second.cards.map((card) => card.title)).toEqual(['Card 1', 'Card 0']);
    expect(second.nextCursor).toBeNull();
    expectRefused(
      await api(t, 'GET', `/api/deals/board/${stage.Proposal!.id}?cursor=nonsense`, fresh),
      400,
      'Invalid cursor',
    );
  });

  it('filters the list by stage and close month', async () => {
    const deal = await createDeal(ayse, { title: 'December close', expectedCloseDate: '15.12.2026' });
    const res = await api(
      t,
      'GET',
      `/api/deals?filter.expectedCloseDate=contains:2026-12&filter.stageId=equals:${stage.New!.id}`,
      ayse,
    );
    expect(res.json<DealJson[]>().map((row) => row.id)).toEqual([deal.id]);
    expect(res.headers['x-total-count']).toBe('1');
  });
});

describe("an admin's filters", () => {
  it('narrows the list and a board column by owner, partner, close month and "mine"', async () => {
    const partnered = await createDeal(admin, {
      title: 'Referred by Sunrise',
      contactId: partnerLeadId,
      stageId: stage.Negotiation!.id,
      ownerId: mehmet.id,
      assignedToId: mehmet.id,
      expectedCloseDate: '2027-01-20',
      amount: 200,
    });
    const own = await createDeal(admin, { title: 'Admin own', stageId: stage.Negotiation!.id, amount: 100 });
    const column = async (query: string) =>
      (await api(t, 'GET', `/api/deals/board/${stage.Negotiation!.id}?${query}`, admin)).json<BoardJson>();
    expect((await column(`ownerId=${mehmet.id}`)).cards.map((card) => card.id)).toEqual([partnered.id]);
    expect((await column(`agencyId=${partnerId}`)).cards.map((card) => card.id)).toEqual([partnered.id]);
    expect(await column('closeMonth=2027-01')).toMatchObject({
      count: 1,
      totalAmount: 200,
      weightedTotal: 160,
    });
    expect((await column('mine=true')).cards.map((card) => card.id)).toEqual([own.id]);
    expectRefused(
      await api(t, 'GET', `/api/deals/board/${stage.Negotiation!.id}?closeMonth=2027-13`, admin),
      400,
      'closeMonth must read YYYY-MM',
    );
    const list = await api(
      t,
      'GET',
      `/api/deals?filter.agencyId=equals:${partnerId}&filter.ownerId=equals:${mehmet.id}`,
      admin,
    );
    expect(list.json<DealJson[]>().map((row) => row.id)).toEqual([partnered.id]);
    const mine = await api(
      t,
      'GET',
      `/api/deals?mine=true&filter.stageId=equals:${stage.Negotiation!.id}`,
      admin,
    );
    expect(mine.json<DealJson[]>().map((row) => row.id)).toEqual([own.id]);
  });
});

describe('stage admin', () => {
  it('renames, reorders and deactivates a stage without touching its deals', async () => {
    const created = await api(t, 'POST', '/api/deal-stages', admin, { name: 'Site visit', probability: 50 });
    expect(created.statusCode, created.body).toBe(201);
    const visit = created.json<StageJson>();
    expect(visit).toMatchObject({ kind: 'open', position: 6, isActive: true });
    const deal = await createDeal(ayse, { stageId: visit.id });
    expect(deal.probability).toBe(50);

    const renamed = await api(t, 'PUT', `/api/deal-stages/${visit.id}`, admin, {
      name: 'Site tour',
      probability: 55,
    });
    expect(renamed.json<StageJson>()).toMatchObject({ name: 'Site tour', probability: 55 });
    expectRefused(
      await api(t, 'PUT', `/api/deal-stages/${visit.id}`, admin, { name: 'viewing', probability: 5 }),
      409,
      'A stage with this name already exists',
    );

    const stages = (await api(t, 'GET', '/api/deal-stages', admin)).json<StageJson[]>();
    const ids = stages.map((row) => row.id);
    const order = [visit.id, ...ids.filter((id) => id !== visit.id)];
    const reordered = await api(t, 'PUT', '/api/deal-stages/order', admin, { ids: order });
    expect(reordered.json<StageJson[]>().map((row) => row.id)).toEqual(order);
    expectRefused(
      await api(t, 'PUT', '/api/deal-stages/order', admin, { ids: order.slice(1) }),
      400,
      'The order must name every stage once',
    );

    const off = await api(t, 'PUT', `/api/deal-stages/${visit.id}`, admin, {
      name: 'Site tour',
      probability: 55,
      isActive: false,
    });
    expect(off.json<StageJson>().isActive).toBe(false);
    const kept = (await api(t, 'GET', `/api/deals/${deal.id}`, ayse)).json<DealJson>();
    expect(kept).toMatchObject({ stage: { id: visit.id, name: 'Site tour' }, probability: 50 });
    const board = (await api(t, 'GET', `/api/deals/board/${visit.id}`, ayse)).json<BoardJson>();
    expect(board.cards.map((card) => card.id)).toEqual([deal.id]);
    expectRefused(
      await api(t, 'POST', '/api/deals', ayse, { title: 'x', contactId: leadId, stageId: visit.id }),
      400,
      'This stage is no longer in use: choose another',
    );
  });

  it('never deactivates Won or Lost', async () => {
    expectRefused(
      await api(t, 'PUT', `/api/deal-stages/${stage.Won!.id}`, admin, {
        name: 'Won',
        probability: 100,
        isActive: false,
      }),
      400,
      'Won and Lost stages cannot be deactivated or change kind',
    );
  });

  it('keeps lost reasons: add, rename, deactivate', async () => {
    const created = await api(t, 'POST', '/api/deal-lost-reasons', admin, { name: 'Financing refused' });
    expect(created.statusCode).toBe(201);
    const reason = created.json<{ id: number; position: number }>();
    expect(reason.position).toBe(6);
    const off = await api(t, 'PUT', `/api/deal-lost-reasons/${reason.id}`, admin, {
      name: 'Mortgage refused',
      isActive: false,
    });
    expect(off.json()).toEqual({ id: reason.id, name: 'Mortgage refused', position: 6, isActive: false });
    const deal = await createDeal(ayse);
    expectRefused(
      await move(deal.id, { stageId: stage.Lost!.id, lostReasonId: reason.id }),
      400,
      'Lost reason not found',
    );
  });
});
