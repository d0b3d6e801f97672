import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/contacts.js';
import { fixture, preview, rows, run, upload, waitForImport } from './helpers/imports.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let ada: SignedIn;
let bora: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signIn(t, { role: 'admin', firstName: 'Ada', surname: 'Ak' });
  bora = await signIn(t, { firstName: 'Bora', surname: 'Bey' });
});
afterAll(async () => t.close());

interface AgencyJson {
  id: number;
  name: string;
  email: string;
  officeNumber: string;
  commissionRate: number;
  country: string;
  city: string;
  type: string;
  isActive: boolean;
  parentAgency: { id: number; name: string } | null;
  assignedSalesReps: { id: number; name: string }[];
}

async function agencyNamed(name: string): Promise<AgencyJson | undefined> {
  const res = await call(t, 'GET', `/api/agencies?filter.name=${encodeURIComponent(`equals:${name}`)}`, ada);
  const [row] = res.json<AgencyJson[]>();
  return row && (await call(t, 'GET', `/api/agencies/${row.id}`, ada)).json<AgencyJson>();
}

describe('partner import', () => {
  it("maps the partner form's labels, checks rows with its messages, creates partners with their parent, and undoes them", async () => {
    const view = await upload(t, bora, 'agencies.csv', fixture('agencies.csv'), { entity: 'agencies' });
    expect(view.mapping).toEqual([
      'name',
      'officeNumber',
      'email',
      'commissionRate',
      'country',
      'city',
      'type',
      'parentAgency',
      'salesReps',
    ]);
    const previewed = await preview(t, bora, view.id, { mapping: view.mapping });
    expect(previewed.preview).toMatchObject({ create: 2, error: 1 });
    const outcome = await rows(t, bora, view.id);
    expect(outcome[2]?.errors.map((e) => e.message)).toEqual([
      'Office Number must be 6–15 digits',
      'Invalid email format',
      'Commission rate cannot exceed 100',
      'City is required',
      'Type must be either COMPANY or INDIVIDUAL',
    ]);

    const done = await run(t, bora, view.id, { mapping: view.mapping });
    expect(done.counts).toEqual({ created: 2, updated: 0, skipped: 0, errors: 1 });
    const sea = await agencyNamed('Sea View Homes');
    expect(sea).toMatchObject({
      officeNumber: '903924445566',
      commissionRate: 7.5,
      country: 'North Cyprus',
      type: 'COMPANY',
      assignedSalesReps: [expect.objectContaining({ id: bora.id })],
    });
    const beach = await agencyNamed('Beach Side');
    expect(beach).toMatchObject({
      type: 'INDIVIDUAL',
      parentAgency: { id: sea?.id, name: 'Sea View Homes' },
    });

    // Importing the same file again creates nothing: both partners are found by e-mail.
    const again = await upload(t, bora, 'agencies.csv', fixture('agencies.csv'), { entity: 'agencies' });
    const twice = await preview(t, bora, again.id, { mapping: again.mapping });
    expect(twice.preview).toMatchObject({ create: 0, skip: 2, error: 1 });

    // Undo deactivates partners, which only an admin may do: the importer is refused.
    const refused = await call(t, 'POST', `/api/imports/${view.id}/undo`, bora);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toBe(
      'Only an administrator can undo a partner import: it deactivates the partners it created',
    );
    expect((await agencyNamed('Sea View Homes'))?.isActive).toBe(true);
    expect((await call(t, 'GET', `/api/imports/${view.id}`, bora)).json<{ state: string }>().state).toBe(
      'done',
    );
    expect((await call(t, 'POST', `/api/imports/${view.id}/undo`, ada)).statusCode).toBe(202);
    const undone = await waitForImport(t, ada, view.id, ['undone']);
    expect(undone.undo).toEqual({ deactivated: 2, restored: 0, kept: 0 });
    expect((await agencyNamed('Sea View Homes'))?.isActive).toBe(false);
  });

  it('updates a partner found by e-mail and undoes the update field by field', async () => {
    const created = await call(t, 'POST', '/api/agencies', ada, {
      name: 'Harbour Estates',
      officeNumber: '903925550000',
      email: 'harbour@example.com',
      commissionRate: 4,
      country: 'Cyprus',
      city: 'Girne',
      type: 'COMPANY',
      assignedSalesRepIds: [bora.id],
    });
    expect(created.statusCode).toBe(201);
    const file = 'Email,Commission Rate,City\nharbour@example.com,6,Lefkoşa\n';
    const view = await upload(t, bora, 'h.csv', file, { entity: 'agencies' });
    await preview(t, bora, view.id, { mapping: view.mapping, mode: 'update', key: 'email' });
    const [row] = await rows(t, bora, view.id);
    expect(row).toMatchObject({
      action: 'update',
      changes: { commissionRate: [4, 6], city: ['Girne', 'Lefkoşa'] },
    });
    await run(t, bora, view.id, { mapping: view.mapping, mode: 'update', key: 'email' });
    expect(await agencyNamed('Harbour Estates')).toMatchObject({ commissionRate: 6, city: 'Lefkoşa' });
    expect((await call(t, 'POST', `/api/imports/${view.id}/undo`, bora)).statusCode).toBe(403);
    expect((await call(t, 'POST', `/api/imports/${view.id}/undo`, ada)).statusCode).toBe(202);
    await waitForImport(t, ada, view.id, ['undone']);
    expect(await agencyNamed('Harbour Estates')).toMatchObject({ commissionRate: 4, city: 'Girne' });
  });
});
