import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgencyDetailJson,
  api,
  createAgency,
  createAgencyContact,
  historyOf,
  type StaffJson,
} from './helpers/agencies.js';
import { createTestApp, errorOf, fieldsOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let agency: AgencyDetailJson;
let otherAgency: AgencyDetailJson;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
  agency = await createAgency(t, user, { name: 'Staffed Agency' });
  otherAgency = await createAgency(t, user, { name: 'Other Agency' });
});
afterAll(async () => t.close());

const FORBIDDEN = 'You do not have permission to do this';
const NOT_AGENCY_CONTACT = 'The contact is not one of this agency’s contacts';

const staffUrl = (agencyId: number) => `/api/agencies/${agencyId}/staff`;
const addStaff = (agencyId: number, payload: unknown, who: SignedIn = admin) =>
  api(t, 'POST', staffUrl(agencyId), who, payload);
async function added(agencyId: number, contactId: number, position?: string): Promise<StaffJson> {
  const res = await addStaff(agencyId, position ? { contactId, position } : { contactId });
  if (res.statusCode !== 201) throw new Error(`add staff failed: ${res.statusCode} ${res.body}`);
  return res.json<StaffJson>();
}
async function staffList(agencyId: number, who: SignedIn = user): Promise<StaffJson[]> {
  const res = await api(t, 'GET', staffUrl(agencyId), who);
  expect(res.statusCode).toBe(200);
  return res.json<StaffJson[]>();
}
const toggle = (agencyId: number, staffId: number, who: SignedIn = admin) =>
  api(t, 'PATCH', `${staffUrl(agencyId)}/${staffId}/toggle`, who);
const bulk = (agencyId: number, action: 'activate' | 'deactivate', body: unknown, who: SignedIn = admin) =>
  api(t, 'PATCH', `${staffUrl(agencyId)}/bulk-${action}`, who, body);

describe('GET /api/agencies/{id}/staff', () => {
  it('answers an empty list for an agency without staff', async () => {
    const fresh = await createAgency(t, user);
    expect(await staffList(fresh.id)).toEqual([]);
  });

  it('answers 404 for an unknown agency and 401 without a session', async () => {
    const missing = await api(t, 'GET', staffUrl(999_999), user);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Agency not found');
    expect((await api(t, 'GET', staffUrl(agency.id), null)).statusCode).toBe(401);
  });

  it('lists staff by contact name with their contact details and status, to everyone', async () => {
    const a = await createAgency(t, user);
    const zeki = await createAgencyContact(t, user, a.id, {
      name: 'Zeki',
      surname: 'Zorlu',
      email: 'zeki@example.com',
      phone: '+90 533 111 22 33',
    });
    const ayse = await createAgencyContact(t, user, a.id, { name: 'ayşe', surname: 'Akın' });
    const z = await added(a.id, zeki.id, 'OWNER');
    const y = await added(a.id, ayse.id);
    await toggle(a.id, y.id);
    const rows = await staffList(a.id, user);
    expect(rows).toEqual([
      {
        id: y.id,
        position: 'SALES_REPRESENTATIVE',
        isActive: false,
        createdAt: expect.any(String),
        contact: { id: ayse.id, name: 'ayşe', surname: 'Akın', email: null, phone: '905321234567' },
      },
      {
        id: z.id,
        position: 'OWNER',
        isActive: true,
        createdAt: expect.any(String),
        contact: {
          id: zeki.id,
          name: 'Zeki',
          surname: 'Zorlu',
          email: 'zeki@example.com',
          phone: '905331112233',
        },
      },
    ]);
    expect(await staffList(a.id, admin)).toEqual(rows);
  });
});

describe('POST /api/agencies/{id}/staff', () => {
  it('adds one of the agency’s contacts with the default position Sales Representative', async () => {
    const contact = await createAgencyContact(t, user, agency.id, { name: 'Deniz', surname: 'Default' });
    const res = await addStaff(agency.id, { contactId: contact.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      position: 'SALES_REPRESENTATIVE',
      isActive: true,
      createdAt: expect.any(String),
      contact: { id: contact.id, name: 'Deniz', surname: 'Default', email: null, phone: '905321234567' },
    });
    expect((await staffList(agency.id)).map((s) => s.contact.id)).toContain(contact.id);
  });

  it.each(['OWNER', 'BROKER', 'MANAGER', 'SALES_REPRESENTATIVE'])(
    'takes the position %s',
    async (position) => {
      const contact = await createAgencyContact(t, user, agency.id);
      const res = await addStaff(agency.id, { contactId: String(contact.id), position });
      expect(res.statusCode).toBe(201);
      expect(res.json().position).toBe(position);
    },
  );

  it('records "ADDED: <position>" in the agency history, naming the contact', async () => {
    const a = await createAgency(t, user);
    const contact = await createAgencyContact(t, user, a.id, { name: 'Hale', surname: 'History' });
    await added(a.id, contact.id, 'BROKER');
    const entries = await historyOf(t, user, a.id);
    expect(entries).toEqual([
      {
        id: expect.any(Number),
        kind: 'staff',
        field: 'staff',
        oldValue: null,
        newValue: 'ADDED: BROKER',
        timestamp: expect.any(String),
        user: { name: 'Alice Admin' },
        contact: { name: 'Hale History' },
      },
    ]);
  });

  it('refuses a contact of another agency, an unknown contact and a deactivated contact', async () => {
    const foreign = await createAgencyContact(t, user, otherAgency.id);
    const direct = await api(t, 'POST', '/api/contacts', user, {
      type: 'LEAD',
      name: 'No',
      surname: 'Agency',
      phone: '905321234567',
      source: 'Facebook',
    });
    expect(direct.statusCode).toBe(201);
    const gone = await createAgencyContact(t, user, agency.id);
    expect((await api(t, 'PUT', `/api/contacts/${gone.id}/deactivate`, admin)).statusCode).toBe(200);
    for (const contactId of [foreign.id, direct.json().id, gone.id, 999_999]) {
      const res = await addStaff(agency.id, { contactId });
      expect(res.statusCode, String(contactId)).toBe(400);
      expect(errorOf(res)).toBe(NOT_AGENCY_CONTACT);
      expect(fieldsOf(res)).toEqual({ contactId: NOT_AGENCY_CONTACT });
    }
  });

  it('refuses a contact who is already staff with 409, even when inactive', async () => {
    const contact = await createAgencyContact(t, user, agency.id);
    const staff = await added(agency.id, contact.id);
    const again = await addStaff(agency.id, { contactId: contact.id, position: 'OWNER' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe('This contact is already on the agency’s staff');
    await toggle(agency.id, staff.id);
    expect((await addStaff(agency.id, { contactId: contact.id })).statusCode).toBe(409);
    expect((await staffList(agency.id)).filter((s) => s.contact.id === contact.id)).toHaveLength(1);
  });

  it('adds a contact once when the same request arrives several times at once (a double click)', async () => {
    const contact = await createAgencyContact(t, user, agency.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => addStaff(agency.id, { contactId: contact.id })),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    expect((await staffList(agency.id)).filter((s) => s.contact.id === contact.id)).toHaveLength(1);
  });

  it.each([
    [{}, 'contactId', 'Choose a contact'],
    [{ contactId: 'abc' }, 'contactId', 'Choose a contact'],
    [{ contactId: 0 }, 'contactId', 'Choose a contact'],
    [
      { contactId: 1, position: 'INTERN' },
      'position',
      'Position must be one of OWNER, BROKER, MANAGER, SALES_REPRESENTATIVE',
    ],
  ])('refuses %j with "%s: %s"', async (payload, field, message) => {
    const res = await addStaff(agency.id, payload);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)[field]).toBe(message);
  });

  it('is refused to a non-admin with 403 and adds nothing', async () => {
    const contact = await createAgencyContact(t, user, agency.id);
    const res = await addStaff(agency.id, { contactId: contact.id }, user);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe(FORBIDDEN);
    expect((await staffList(agency.id)).map((s) => s.contact.id)).not.toContain(contact.id);
  });

  it('answers 404 for an unknown agency', async () => {
    const contact = await createAgencyContact(t, user, agency.id);
    const res = await addStaff(999_999, { contactId: contact.id });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe('Agency not found');
  });
});

describe('PATCH /api/agencies/{id}/staff/{staffId}/toggle', () => {
  it('flips a member’s status both ways and records each change', async () => {
    const a = await createAgency(t, user);
    const contact = await createAgencyContact(t, user, a.id, { name: 'Tuna', surname: 'Toggle' });
    const staff = await added(a.id, contact.id);

    const off = await toggle(a.id, staff.id);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: staff.id, isActive: false, contact: { id: contact.id } });
    const on = await toggle(a.id, staff.id);
    expect(on.json().isActive).toBe(true);

    const entries = await historyOf(t, user, a.id);
    expect(
      entries.map((e) => [e.kind, e.field, e.oldValue, e.newValue, e.user?.name, e.contact?.name]),
    ).toEqual([
      ['staff', 'staff', 'INACTIVE', 'ACTIVE', 'Alice Admin', 'Tuna Toggle'],
      ['staff', 'staff', 'ACTIVE', 'INACTIVE', 'Alice Admin', 'Tuna Toggle'],
      ['staff', 'staff', null, 'ADDED: SALES_REPRESENTATIVE', 'Alice Admin', 'Tuna Toggle'],
    ]);
  });

  it('is refused to a non-admin with 403 and changes nothing', async () => {
    const contact = await createAgencyContact(t, user, agency.id);
    const staff = await added(agency.id, contact.id);
    const res = await toggle(agency.id, staff.id, user);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe(FORBIDDEN);
    expect((await staffList(agency.id)).find((s) => s.id === staff.id)?.isActive).toBe(true);
  });

  it('answers 404 for an unknown member or a member of another agency', async () => {
    const contact = await createAgencyContact(t, user, otherAgency.id);
    const foreign = await added(otherAgency.id, contact.id);
    for (const [agencyId, staffId] of [
      [agency.id, 999_999],
      [agency.id, foreign.id],
      [999_999, foreign.id],
    ]) {
      const res = await toggle(agencyId!, staffId!);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toBe('Staff member not found');
    }
    expect((await staffList(otherAgency.id)).find((s) => s.id === foreign.id)?.isActive).toBe(true);
  });

  it('answers 400 for a malformed staff id', async () => {
    const res = await toggle(agency.id, 'x' as unknown as number);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('staffId must be a number');
  });
});

describe('PATCH /api/agencies/{id}/staff/bulk-activate and bulk-deactivate', () => {
  it('changes only the members whose state differs, says how many and records each', async () => {
    const a = await createAgency(t, user);
    const members: StaffJson[] = [];
    for (const name of ['Bir', 'Iki', 'Uc']) {
      const contact = await createAgencyContact(t, user, a.id, { name, surname: 'Bulk' });
      members.push(await added(a.id, contact.id));
    }
    const [one, two, three] = members as [StaffJson, StaffJson, StaffJson];
    await toggle(a.id, three.id);

    const off = await bulk(a.id, 'deactivate', { staffIds: [one.id, two.id, three.id] });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ count: 2, message: 'Deactivated 2 staff successfully' });
    expect((await staffList(a.id)).map((s) => s.isActive)).toEqual([false, false, false]);

    const again = await bulk(a.id, 'deactivate', { staffIds: [one.id, two.id, three.id] });
    expect(again.json()).toEqual({ count: 0, message: 'Nothing to update' });

    const on = await bulk(a.id, 'activate', { staffIds: [one.id, String(two.id), two.id] });
    expect(on.json()).toEqual({ count: 2, message: 'Activated 2 staff successfully' });
    expect((await staffList(a.id)).map((s) => [s.contact.name, s.isActive])).toEqual([
      ['Bir', true],
      ['Iki', true],
      ['Uc', false],
    ]);

    const entries = await historyOf(t, user, a.id);
    const statusChanges = entries.filter((e) => e.oldValue !== null);
    // 1 toggle + 2 bulk deactivations + 2 bulk activations.
    expect(statusChanges).toHaveLength(5);
    expect(
      statusChanges
        .filter((e) => e.newValue === 'INACTIVE')
        .map((e) => e.contact?.name)
        .sort(),
    ).toEqual(['Bir Bulk', 'Iki Bulk', 'Uc Bulk']);
  });

  it('ignores members of other agencies', async () => {
    const contact = await createAgencyContact(t, user, otherAgency.id);
    const foreign = await added(otherAgency.id, contact.id);
    const res = await bulk(agency.id, 'deactivate', { staffIds: [foreign.id] });
    expect(res.json()).toEqual({ count: 0, message: 'Nothing to update' });
    expect((await staffList(otherAgency.id)).find((s) => s.id === foreign.id)?.isActive).toBe(true);
  });

  it('validates the id list', async () => {
    const empty = await bulk(agency.id, 'activate', { staffIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toBe('Choose at least one staff member');
    const missing = await bulk(agency.id, 'activate', { ids: [1] });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toBe('staffIds must be a list of staff ids');
  });

  it('is refused to a non-admin with 403', async () => {
    const contact = await createAgencyContact(t, user, agency.id);
    const staff = await added(agency.id, contact.id);
    for (const action of ['activate', 'deactivate'] as const) {
      const res = await bulk(agency.id, action, { staffIds: [staff.id] }, user);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toBe(FORBIDDEN);
    }
    expect((await staffList(agency.id)).find((s) => s.id === staff.id)?.isActive).toBe(true);
  });

  it('answers 404 for an unknown agency', async () => {
    const res = await bulk(999_999, 'deactivate', { staffIds: [1] });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe('Agency not found');
  });
});
