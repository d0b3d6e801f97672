import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './helpers/agencies.js';
import { createContact, leadPayload } from './helpers/contacts.js';
import { createProduct } from './helpers/products.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

interface BoardJson {
  count: number;
  totalAmount: number;
  weightedTotal: number;
  cards: { id: number }[];
}

let t: TestApp;
let admin: SignedIn;
let ayse: SignedIn;
let leadId: number;
let newStageId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  ayse = await signIn(t, { firstName: 'Ayşe', surname: 'Sales' });
  leadId = (await createContact(t, ayse, leadPayload({ name: 'Leyla', surname: 'Lead' }))).id;
  const stages = (await api(t, 'GET', '/api/deal-stages', ayse)).json<{ id: number; name: string }[]>();
  newStageId = stages.find((stage) => stage.name === 'New')!.id;
});
afterAll(async () => t.close());

async function createDeal(who: SignedIn, body: Record<string, unknown>): Promise<number> {
  const res = await api(t, 'POST', '/api/deals', who, { contactId: leadId, stageId: newStageId, ...body });
  if (res.statusCode !== 201) throw new Error(`create deal failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

describe('the board filtered by product', () => {
  it("keeps the deals with a line of the product, their figures, and only the caller's for a plain user", async () => {
    const villa = (
      await createProduct(t, admin, { title: 'Hill villa', realEstateProduct: { salePrice: 400000 } })
    ).id;
    const flat = (
      await createProduct(t, admin, { title: 'Harbour flat', realEstateProduct: { salePrice: 150000 } })
    ).id;
    const both = await createDeal(ayse, {
      title: 'Villa and flat',
      lines: [{ productId: villa }, { productId: flat, discount: 10 }],
    });
    const villaOnly = await createDeal(admin, {
      title: 'Villa only',
      lines: [{ productId: villa, quantity: 2 }],
    });
    await createDeal(ayse, { title: 'No lines', amount: 5000 });

    const column = async (query: string, who: SignedIn = admin) =>
      (await api(t, 'GET', `/api/deals/board/${newStageId}?${query}`, who)).json<BoardJson>();

    const withVilla = await column(`productId=${villa}`);
    expect(withVilla.cards.map((card) => card.id).sort((a, b) => a - b)).toEqual([both, villaOnly]);
    // New's probability is 10 %: 535,000 + 800,000 in the column, a tenth of it weighted.
    expect(withVilla).toMatchObject({ count: 2, totalAmount: 1_335_000, weightedTotal: 133_500 });
    expect(await column(`productId=${flat}`)).toMatchObject({ count: 1, totalAmount: 535_000 });
    expect((await column(`productId=${villa}`, ayse)).cards.map((card) => card.id)).toEqual([both]);
  });

  it('refuses a product that is not an id', async () => {
    const res = await api(t, 'GET', `/api/deals/board/${newStageId}?productId=villa`, admin);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('productId must be an id');
  });
});
