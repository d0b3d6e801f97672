import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgencyDetailJson,
  type AgencyJson,
  agencyPayload,
  api,
  createAgency,
  createAgencyContact,
  formOf,
  historyOf,
} from './helpers/agencies.js';
import { createTestApp, errorOf, fieldsOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let rep: SignedIn;
let inactiveRep: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
  rep = await signIn(t, { firstName: 'Reha', surname: 'Rep' });
  inactiveRep = await signIn(t, { firstName: 'Ilker', surname: 'Inactive' });
  const res = await api(t, 'PUT', `/api/users/${inactiveRep.id}/deactivate`, admin);
  expect(res.statusCode).toBe(200);
});
afterAll(async () => t.close());

const post = (payload: unknown, who: SignedIn | null = user) => api(t, 'POST', '/api/agencies', who, payload);
const put = (id: number, payload: unknown, who: SignedIn | null = user) =>
  api(t, 'PUT', `/api/agencies/${id}`, who, payload);
const detail = async (id: number, who: SignedIn = user) => {
  const res = await api(t, 'GET', `/api/agencies/${id}`, who);
  expect(res.statusCode).toBe(200);
  return res.json<AgencyDetailJson>();
};

const M = {
  nameRequired: 'Name is required',
  officeRequired: 'Office Number is required',
  officeLength: 'Office Number must be 6–15 digits',
  emailRequired: 'Email is required',
  emailFormat: 'Invalid email format',
  emailTld: 'Email must include a valid top‑level domain',
  commissionMin: 'Commission rate must be at least 0',
  commissionMax: 'Commission rate cannot exceed 100',
  commissionRequired: 'Commission rate is required',
  countryRequired: 'Country is required',
  cityRequired: 'City is required',
  typeInvalid: 'Type must be either COMPANY or INDIVIDUAL',
  typeRequired: 'Type is required',
  repsMin: 'Please assign at least one sales representative',
  repsRequired: 'At least one sales representative is required',
  forbidden: 'You do not have permission to do this',
} as const;

describe('authentication', () => {
  it.each([
    ['GET', '/api/agencies'],
    ['GET', '/api/agencies/count'],
    ['GET', '/api/agencies/1'],
    ['POST', '/api/agencies'],
    ['PUT', '/api/agencies/1'],
    ['PUT', '/api/agencies/1/status/deactivate'],
    ['PUT', '/api/agencies/bulk-activate'],
    ['GET', '/api/agencies/1/duplicates'],
    ['GET', '/api/agencies/1/customers'],
  ] as const)('answers %s %s with 401 without a session', async (method, url) => {
    const res = await api(t, method, url, null, method === 'GET' ? undefined : {});
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/agencies', () => {
  it('creates an agency with every field, its creator and its sales reps', async () => {
    const res = await post(
      agencyPayload([user.id, rep.id], {
        name: '  Sunrise Homes  ',
        officeNumber: '+90 (392) 444-55-66',
        email: ' Info@Sunrise.example.com ',
        commissionRate: 12.5,
        country: ' Cyprus ',
        city: ' Famagusta ',
        type: 'INDIVIDUAL',
      }),
    );
    expect(res.statusCode).toBe(201);
    const agency = res.json<AgencyDetailJson>();
    expect(agency).toMatchObject({
      name: 'Sunrise Homes',
      officeNumber: '903924445566',
      countryCode: '+90',
      email: 'Info@Sunrise.example.com',
      commissionRate: 12.5,
      country: 'Cyprus',
      city: 'Famagusta',
      type: 'INDIVIDUAL',
      parentAgencyId: null,
      parentAgency: null,
      isActive: true,
      createdBy: 'Umut User',
      files: [],
    });
    expect([...agency.assignedSalesRepIds].sort()).toEqual([user.id, rep.id].sort());
    expect(agency.assignedSalesReps).toEqual([
      { id: rep.id, name: 'Reha Rep', email: rep.email, isActive: true },
      { id: user.id, name: 'Umut User', email: user.email, isActive: true },
    ]);
    expect(await detail(agency.id)).toEqual(agency);
  });

  it('keeps a given country code and answers null for an office number without a known code', async () => {
    const given = await post(agencyPayload([user.id], { countryCode: '+44' }));
    expect(given.statusCode).toBe(201);
    expect(given.json().countryCode).toBe('+44');
    const unknown = await post(agencyPayload([user.id], { officeNumber: '0000000', countryCode: null }));
    expect(unknown.statusCode).toBe(201);
    expect(unknown.json().countryCode).toBeNull();
  });

  it('refuses a malformed country code', async () => {
    const res = await post(agencyPayload([user.id], { countryCode: '90' }));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res).countryCode).toBe('Country code must be a plus sign and 1 to 3 digits');
  });

  it('takes the same sales rep once when it is listed twice', async () => {
    const res = await post(
      agencyPayload([user.id], { assignedSalesRepIds: [user.id, user.id, String(user.id)] }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().assignedSalesRepIds).toEqual([user.id]);
  });

  it.each([[0], [''], [null], ['0'], ['null'], [undefined]])(
    'stores a parent of %j as none (null)',
    async (parentAgencyId) => {
      const res = await post(agencyPayload([user.id], { parentAgencyId }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ parentAgencyId: null, parentAgency: null });
    },
  );

  it('links a parent agency and names it', async () => {
    const parent = await createAgency(t, user, { name: 'Main Office' });
    const res = await post(agencyPayload([user.id], { parentAgencyId: parent.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      parentAgencyId: parent.id,
      parentAgency: { id: parent.id, name: 'Main Office' },
    });
    const asText = await post(agencyPayload([user.id], { parentAgencyId: String(parent.id) }));
    expect(asText.json().parentAgencyId).toBe(parent.id);
  });

  it('refuses a parent that does not exist', async () => {
    const res = await post(agencyPayload([user.id], { parentAgencyId: 999_999 }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('Parent agency not found');
    expect(fieldsOf(res).parentAgencyId).toBe('Parent agency not found');
  });

  it('answers every missing field with its "required" message', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual({
      name: M.nameRequired,
      officeNumber: M.officeRequired,
      email: M.emailRequired,
      commissionRate: M.commissionRequired,
      country: M.countryRequired,
      city: M.cityRequired,
      type: M.typeRequired,
      assignedSalesRepIds: M.repsRequired,
    });
    expect(errorOf(res)).toBe(M.nameRequired);
  });

  it('answers blank fields with their "required" messages', async () => {
    const res = await post({
      name: '   ',
      officeNumber: '',
      email: '  ',
      commissionRate: '',
      country: ' ',
      city: '',
      type: '',
      assignedSalesRepIds: [],
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual({
      name: M.nameRequired,
      officeNumber: M.officeRequired,
      email: M.emailRequired,
      commissionRate: M.commissionRequired,
      country: M.countryRequired,
      city: M.cityRequired,
      type: M.typeRequired,
      assignedSalesRepIds: M.repsMin,
    });
  });

  it.each([
    [{ officeNumber: '12345' }, 'officeNumber', M.officeLength],
    [{ officeNumber: '1234567890123456' }, 'officeNumber', M.officeLength],
    [{ officeNumber: ' ( ) - ' }, 'officeNumber', M.officeRequired],
    [{ officeNumber: '+90 ( ) -' }, 'officeNumber', M.officeLength],
    [{ email: 'not an email' }, 'email', M.emailFormat],
    [{ email: 'agent@@example.com' }, 'email', M.emailFormat],
    [{ email: 'agent@example' }, 'email', M.emailTld],
    [{ email: 'agent@example.c' }, 'email', M.emailTld],
    [{ email: 'agent@example.c0m' }, 'email', M.emailTld],
    [{ commissionRate: -0.01 }, 'commissionRate', M.commissionMin],
    [{ commissionRate: -5 }, 'commissionRate', M.commissionMin],
    [{ commissionRate: 100.01 }, 'commissionRate', M.commissionMax],
    [{ commissionRate: '250' }, 'commissionRate', M.commissionMax],
    [{ commissionRate: null }, 'commissionRate', M.commissionRequired],
    [{ commissionRate: 12.345 }, 'commissionRate', 'Commission rate can have at most 2 decimal places'],
    [{ type: 'AGENCY' }, 'type', M.typeInvalid],
    [{ type: 'company' }, 'type', M.typeInvalid],
    [{ type: null }, 'type', M.typeRequired],
    [{ assignedSalesRepIds: [] }, 'assignedSalesRepIds', M.repsMin],
    [{ assignedSalesRepIds: null }, 'assignedSalesRepIds', M.repsRequired],
    [{ name: 'x'.repeat(201) }, 'name', undefined],
  ])('refuses %j on %s with "%s"', async (override, field, message) => {
    const res = await post(agencyPayload([user.id], override));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(res))).toEqual([field]);
    if (message !== undefined) {
      expect(fieldsOf(res)[field]).toBe(message);
      expect(errorOf(res)).toBe(message);
    }
  });

  it.each([
    [0, 0],
    [100, 100],
    [12.34, 12.34],
    ['12.34', 12.34],
    [0.07, 0.07],
    [33.33, 33.33],
    [99.99, 99.99],
    [0.1 + 0.2, 0.3],
  ])('stores a commission rate of %j and answers exactly %j', async (commissionRate, expected) => {
    const res = await post(agencyPayload([user.id], { commissionRate }));
    expect(res.statusCode).toBe(201);
    const created = res.json<AgencyDetailJson>();
    expect(created.commissionRate).toBe(expected);
    expect((await detail(created.id)).commissionRate).toBe(expected);
    const listed = await api(t, 'GET', `/api/agencies?filter.email=equals:${created.email}`, user);
    expect(listed.json<AgencyJson[]>().map((a) => [a.id, a.commissionRate])).toEqual([
      [created.id, expected],
    ]);
  });

  it('refuses a sales rep who is not an active user', async () => {
    for (const ids of [[999_999], [user.id, inactiveRep.id]]) {
      const res = await post(agencyPayload(ids));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe('Every sales representative must be an active user');
      expect(fieldsOf(res).assignedSalesRepIds).toBe('Every sales representative must be an active user');
    }
  });

  it('lets a non-admin user add an agency', async () => {
    expect((await post(agencyPayload([admin.id]), user)).statusCode).toBe(201);
  });
});

describe('GET /api/agencies/{id}', () => {
  it('answers 404 "Agency not found" for an unknown id and 400 for a malformed one', async () => {
    const missing = await api(t, 'GET', '/api/agencies/999999', user);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Agency not found');
    const malformed = await api(t, 'GET', '/api/agencies/abc', user);
    expect(malformed.statusCode).toBe(400);
  });

  it('still shows an inactive agency, to everyone', async () => {
    const agency = await createAgency(t, user);
    await api(t, 'PUT', `/api/agencies/${agency.id}/status/deactivate`, admin);
    expect((await detail(agency.id, user)).isActive).toBe(false);
  });
});

describe('PUT /api/agencies/{id}', () => {
  it('updates every field and answers the detail', async () => {
    const parent = await createAgency(t, user, { name: 'Head Office' });
    const agency = await createAgency(t, user);
    const res = await put(
      agency.id,
      formOf(agency, {
        name: ' Renamed ',
        officeNumber: '+44 20 7946 0000',
        countryCode: '',
        email: 'renamed@example.org',
        commissionRate: '7.25',
        country: 'United Kingdom',
        city: 'London',
        type: 'INDIVIDUAL',
        parentAgencyId: parent.id,
        assignedSalesRepIds: [rep.id],
      }),
    );
    expect(res.statusCode).toBe(200);
    const updated = res.json<AgencyDetailJson>();
    expect(updated).toMatchObject({
      id: agency.id,
      name: 'Renamed',
      officeNumber: '442079460000',
      countryCode: '+44',
      email: 'renamed@example.org',
      commissionRate: 7.25,
      country: 'United Kingdom',
      city: 'London',
      type: 'INDIVIDUAL',
      parentAgencyId: parent.id,
      parentAgency: { id: parent.id, name: 'Head Office' },
      assignedSalesRepIds: [rep.id],
      createdBy: 'Umut User',
      isActive: true,
    });
    expect(await detail(agency.id)).toEqual(updated);
  });

  it('records one history entry per changed field, with old and new values', async () => {
    const parent = await createAgency(t, user, { name: 'Parent Co' });
    const agency = await createAgency(t, user, { name: 'Before', commissionRate: 5, city: 'Kyrenia' });
    const res = await put(
      agency.id,
      formOf(agency, {
        name: 'After',
        commissionRate: 12.34,
        city: 'Nicosia',
        parentAgencyId: parent.id,
        assignedSalesRepIds: [user.id, admin.id],
      }),
    );
    expect(res.statusCode).toBe(200);
    const entries = await historyOf(t, user, agency.id);
    const edited = entries.map(({ kind, field, oldValue, newValue, user: who, contact }) => ({
      kind,
      field,
      oldValue,
      newValue,
      user: who,
      contact,
    }));
    expect(edited).toEqual(
      expect.arrayContaining([
        {
          kind: 'edited',
          field: 'name',
          oldValue: 'Before',
          newValue: 'After',
          user: { name: 'Umut User' },
          contact: null,
        },
        {
          kind: 'edited',
          field: 'commissionRate',
          oldValue: '5',
          newValue: '12.34',
          user: { name: 'Umut User' },
          contact: null,
        },
        {
          kind: 'edited',
          field: 'city',
          oldValue: 'Kyrenia',
          newValue: 'Nicosia',
          user: { name: 'Umut User' },
          contact: null,
        },
        {
          kind: 'edited',
          field: 'parentAgency',
          oldValue: null,
          newValue: 'Parent Co',
          user: { name: 'Umut User' },
          contact: null,
        },
        {
          kind: 'edited',
          field: 'assignedSalesReps',
          oldValue: 'Umut User',
          newValue: 'Alice Admin, Umut User',
          user: { name: 'Umut User' },
          contact: null,
        },
      ]),
    );
    expect(entries).toHaveLength(5);
  });

  it('changes nothing and records nothing when nothing differs', async () => {
    const agency = await createAgency(t, user);
    const res = await put(agency.id, formOf(agency));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(agency);
    // The same values written differently are no change either.
    const same = await put(
      agency.id,
      formOf(agency, {
        name: ` ${agency.name} `,
        commissionRate: String(agency.commissionRate),
        parentAgencyId: 0,
        assignedSalesRepIds: [...agency.assignedSalesRepIds, ...agency.assignedSalesRepIds],
      }),
    );
    expect(same.statusCode).toBe(200);
    expect(same.json().updatedAt).toBe(agency.updatedAt);
    expect(await historyOf(t, user, agency.id)).toEqual([]);
  });

  it('saves a change of the country code alone', async () => {
    const agency = await createAgency(t, user, { countryCode: '+90' });
    const res = await put(agency.id, formOf(agency, { countryCode: '+357' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().countryCode).toBe('+357');
    expect((await detail(agency.id)).countryCode).toBe('+357');
  });

  it('saves a move to another parent that has the same name', async () => {
    const first = await createAgency(t, user, { name: 'Twin Parent' });
    const second = await createAgency(t, user, { name: 'Twin Parent' });
    const agency = await createAgency(t, user, { parentAgencyId: first.id });
    const res = await put(agency.id, formOf(agency, { parentAgencyId: second.id }));
    expect(res.statusCode).toBe(200);
    expect(res.json().parentAgencyId).toBe(second.id);
    expect((await detail(agency.id)).parentAgencyId).toBe(second.id);
  });

  it('saves a swap to another sales rep who has the same name', async () => {
    const twinA = await signIn(t, { firstName: 'Same', surname: 'Name' });
    const twinB = await signIn(t, { firstName: 'Same', surname: 'Name' });
    const agency = await createAgency(t, user, { assignedSalesRepIds: [twinA.id] });
    const res = await put(agency.id, formOf(agency, { assignedSalesRepIds: [twinB.id] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().assignedSalesRepIds).toEqual([twinB.id]);
    expect((await detail(agency.id)).assignedSalesRepIds).toEqual([twinB.id]);
  });

  it('clears the parent when "none" is sent as 0, "" or null', async () => {
    const parent = await createAgency(t, user);
    for (const none of [0, '', null]) {
      const agency = await createAgency(t, user, { parentAgencyId: parent.id });
      const res = await put(agency.id, formOf(agency, { parentAgencyId: none }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ parentAgencyId: null, parentAgency: null });
    }
  });

  it('refuses to make an agency its own parent', async () => {
    const agency = await createAgency(t, user);
    const res = await put(agency.id, formOf(agency, { parentAgencyId: agency.id }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('An agency cannot be its own parent');
    expect(fieldsOf(res).parentAgencyId).toBe('An agency cannot be its own parent');
  });

  it('refuses to place an agency under its child or any deeper descendant', async () => {
    const top = await createAgency(t, user, { name: 'Top' });
    const middle = await createAgency(t, user, { name: 'Middle', parentAgencyId: top.id });
    const bottom = await createAgency(t, user, { name: 'Bottom', parentAgencyId: middle.id });
    const cycle = 'An agency cannot be placed under one of its own sub-agencies';
    for (const [agency, parentId] of [
      [top, middle.id],
      [top, bottom.id],
      [middle, bottom.id],
    ] as const) {
      const res = await put(agency.id, formOf(agency, { parentAgencyId: parentId }));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(cycle);
      expect(fieldsOf(res).parentAgencyId).toBe(cycle);
    }
    expect((await detail(top.id)).parentAgencyId).toBeNull();
    // Moving a descendant up (or across) is no cycle.
    const moved = await put(bottom.id, formOf(bottom, { parentAgencyId: top.id }));
    expect(moved.statusCode).toBe(200);
    expect(moved.json().parentAgency).toEqual({ id: top.id, name: 'Top' });
    // Now middle has no children: top may not go under middle still (middle is top's child).
    const stillCycle = await put(top.id, formOf(top, { parentAgencyId: middle.id }));
    expect(stillCycle.statusCode).toBe(400);
  });

  it('shows a parent’s new name on its children', async () => {
    const parent = await createAgency(t, user, { name: 'Old Parent Name' });
    const child = await createAgency(t, user, { parentAgencyId: parent.id });
    expect((await put(parent.id, formOf(parent, { name: 'New Parent Name' }))).statusCode).toBe(200);
    expect((await detail(child.id)).parentAgency).toEqual({ id: parent.id, name: 'New Parent Name' });
  });

  it('answers 404 for an unknown agency and validates like POST', async () => {
    const agency = await createAgency(t, user);
    const missing = await put(999_999, formOf(agency));
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Agency not found');
    const invalid = await put(agency.id, formOf(agency, { email: 'x@y', assignedSalesRepIds: [] }));
    expect(invalid.statusCode).toBe(400);
    expect(fieldsOf(invalid)).toEqual({ email: M.emailTld, assignedSalesRepIds: M.repsMin });
  });

  it('refuses an inactive user as sales rep on edit', async () => {
    const agency = await createAgency(t, user);
    const res = await put(agency.id, formOf(agency, { assignedSalesRepIds: [inactiveRep.id] }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('Every sales representative must be an active user');
  });

  it('lets a non-admin user edit any agency', async () => {
    const agency = await createAgency(t, admin);
    const res = await put(agency.id, formOf(agency, { city: 'Lefke' }), user);
    expect(res.statusCode).toBe(200);
    expect(res.json().city).toBe('Lefke');
  });
});

describe('PUT /api/agencies/{id}/status/{action}', () => {
  it('lets an admin deactivate and activate an agency, recording the change', async () => {
    const agency = await createAgency(t, user);
    const off = await api(t, 'PUT', `/api/agencies/${agency.id}/status/deactivate`, admin);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: agency.id, isActive: false });
    const on = await api(t, 'PUT', `/api/agencies/${agency.id}/status/activate`, admin);
    expect(on.statusCode).toBe(200);
    expect(on.json().isActive).toBe(true);
    const entries = await historyOf(t, admin, agency.id);
    expect(entries.map((e) => [e.kind, e.field, e.oldValue, e.newValue, e.user?.name])).toEqual([
      ['edited', 'isActive', 'false', 'true', 'Alice Admin'],
      ['edited', 'isActive', 'true', 'false', 'Alice Admin'],
    ]);
  });

  it('changes and records nothing when the agency is already in that state', async () => {
    const agency = await createAgency(t, user);
    const res = await api(t, 'PUT', `/api/agencies/${agency.id}/status/activate`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().isActive).toBe(true);
    expect(await historyOf(t, admin, agency.id)).toEqual([]);
  });

  it('is refused to a non-admin with 403 and changes nothing', async () => {
    const agency = await createAgency(t, user);
    const res = await api(t, 'PUT', `/api/agencies/${agency.id}/status/deactivate`, user);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe(M.forbidden);
    expect((await detail(agency.id)).isActive).toBe(true);
  });

  it('answers 404 for an unknown agency and 400 for an unknown action', async () => {
    const missing = await api(t, 'PUT', '/api/agencies/999999/status/deactivate', admin);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Agency not found');
    const agency = await createAgency(t, user);
    const bad = await api(t, 'PUT', `/api/agencies/${agency.id}/status/delete`, admin);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toBe('action must be activate or deactivate');
  });
});

describe('PUT /api/agencies/bulk-activate and bulk-deactivate', () => {
  it('changes only the agencies whose state differs and says how many', async () => {
    const a = await createAgency(t, user);
    const b = await createAgency(t, user);
    const c = await createAgency(t, user);
    await api(t, 'PUT', `/api/agencies/${c.id}/status/deactivate`, admin);

    const off = await api(t, 'PUT', '/api/agencies/bulk-deactivate', admin, { ids: [a.id, b.id, c.id] });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ count: 2, message: 'Deactivated 2 agencies successfully' });
    for (const id of [a.id, b.id, c.id]) expect((await detail(id)).isActive).toBe(false);
    // c was already inactive: its only isActive entry is the single deactivation.
    expect((await historyOf(t, admin, c.id)).filter((e) => e.field === 'isActive')).toHaveLength(1);
    expect((await historyOf(t, admin, a.id)).map((e) => [e.field, e.oldValue, e.newValue])).toEqual([
      ['isActive', 'true', 'false'],
    ]);

    const on = await api(t, 'PUT', '/api/agencies/bulk-activate', admin, { ids: [a.id, b.id, c.id] });
    expect(on.json()).toEqual({ count: 3, message: 'Activated 3 agencies successfully' });
  });

  it('answers "Nothing to update" with count 0 when no agency would change', async () => {
    const a = await createAgency(t, user);
    const res = await api(t, 'PUT', '/api/agencies/bulk-activate', admin, { ids: [a.id, 999_999] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 0, message: 'Nothing to update' });
    expect(await historyOf(t, admin, a.id)).toEqual([]);
  });

  it('counts an id sent twice once and ignores unknown ids', async () => {
    const a = await createAgency(t, user);
    const res = await api(t, 'PUT', '/api/agencies/bulk-deactivate', admin, {
      ids: [a.id, a.id, String(a.id), 999_999],
    });
    expect(res.json()).toEqual({ count: 1, message: 'Deactivated 1 agencies successfully' });
  });

  it('validates the id list', async () => {
    const empty = await api(t, 'PUT', '/api/agencies/bulk-deactivate', admin, { ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toBe('Choose at least one agency');
    const missing = await api(t, 'PUT', '/api/agencies/bulk-deactivate', admin, {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toBe('ids must be a list of agency ids');
  });

  it('is refused to a non-admin with 403 and changes nothing', async () => {
    const a = await createAgency(t, user);
    for (const path of ['bulk-activate', 'bulk-deactivate']) {
      const res = await api(t, 'PUT', `/api/agencies/${path}`, user, { ids: [a.id] });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toBe(M.forbidden);
    }
    expect((await detail(a.id)).isActive).toBe(true);
  });
});

describe('GET /api/agencies/count', () => {
  it('counts active agencies only', async () => {
    const count = async () => {
      const res = await api(t, 'GET', '/api/agencies/count', user);
      expect(res.statusCode).toBe(200);
      return res.json<{ count: number }>().count;
    };
    const all = await api(t, 'GET', '/api/agencies?filter.isActive=equals:true&limit=1', admin);
    const before = await count();
    expect(before).toBe(Number(all.headers['x-total-count']));
    const agency = await createAgency(t, user);
    expect(await count()).toBe(before + 1);
    await api(t, 'PUT', `/api/agencies/${agency.id}/status/deactivate`, admin);
    expect(await count()).toBe(before);
  });
});

describe('GET /api/agencies/{id}/duplicates', () => {
  it('finds other agencies by trimmed case-insensitive e-mail and by office number, naming Email and Phone', async () => {
    const original = await createAgency(t, user, {
      email: 'Twin@Agency.example.com',
      officeNumber: '905391112233',
    });
    const sameEmail = await createAgency(t, user, { email: '  twin@agency.EXAMPLE.com ' });
    const samePhone = await createAgency(t, user, { officeNumber: '+90 539 111 22 33' });
    const unrelated = await createAgency(t, user);

    const res = await api(t, 'GET', `/api/agencies/${original.id}/duplicates`, user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      fields: ['Email', 'Phone'],
      agencies: [
        { id: sameEmail.id, name: sameEmail.name, matchedOn: ['Email'] },
        { id: samePhone.id, name: samePhone.name, matchedOn: ['Phone'] },
      ],
    });
    const fromEmailTwin = await api(t, 'GET', `/api/agencies/${sameEmail.id}/duplicates`, user);
    expect(fromEmailTwin.json()).toEqual({
      fields: ['Email'],
      agencies: [{ id: original.id, name: original.name, matchedOn: ['Email'] }],
    });
    const none = await api(t, 'GET', `/api/agencies/${unrelated.id}/duplicates`, user);
    expect(none.json()).toEqual({ fields: [], agencies: [] });
  });

  it('names both fields when one agency matches on both', async () => {
    const a = await createAgency(t, user, { email: 'both@match.example.com', officeNumber: '905392223344' });
    const b = await createAgency(t, user, { email: 'BOTH@match.example.com', officeNumber: '905392223344' });
    const res = await api(t, 'GET', `/api/agencies/${a.id}/duplicates`, user);
    expect(res.json()).toEqual({
      fields: ['Email', 'Phone'],
      agencies: [{ id: b.id, name: b.name, matchedOn: ['Email', 'Phone'] }],
    });
  });

  it('answers 404 for an unknown agency', async () => {
    const res = await api(t, 'GET', '/api/agencies/999999/duplicates', user);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe('Agency not found');
  });
});

describe('GET /api/agencies/{id}/customers', () => {
  it('lists the agency’s active contacts with the customer-tab columns', async () => {
    const agency = await createAgency(t, user, { name: 'Referrer' });
    const other = await createAgency(t, user);
    const lead = await createAgencyContact(t, user, agency.id, { name: 'Lale', surname: 'Lead' });
    const customer = await createAgencyContact(t, user, agency.id, {
      type: 'CUSTOMER',
      name: 'Cem',
      surname: 'Customer',
      email: 'cem@example.com',
      nationality: 'Turkish',
      residency: 'North Cyprus',
      gender: 'MALE',
    });
    await createAgencyContact(t, user, other.id, { name: 'Someone', surname: 'Else' });
    const gone = await createAgencyContact(t, user, agency.id, { name: 'Gone', surname: 'Contact' });
    expect((await api(t, 'PUT', `/api/contacts/${gone.id}/deactivate`, admin)).statusCode).toBe(200);

    const res = await api(t, 'GET', `/api/agencies/${agency.id}/customers?sort=name`, user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    const rows = res.json();
    expect(rows).toEqual([
      {
        id: customer.id,
        name: 'Cem',
        surname: 'Customer',
        email: 'cem@example.com',
        type: 'CUSTOMER',
        phone: '905321234567',
        createdAt: expect.any(String),
        agency: { id: agency.id, name: 'Referrer' },
      },
      {
        id: lead.id,
        name: 'Lale',
        surname: 'Lead',
        email: null,
        type: 'LEAD',
        phone: '905321234567',
        createdAt: expect.any(String),
        agency: { id: agency.id, name: 'Referrer' },
      },
    ]);
    const leadsOnly = await api(t, 'GET', `/api/agencies/${agency.id}/customers?type=lead`, user);
    expect(leadsOnly.json().map((r: { id: number }) => r.id)).toEqual([lead.id]);
  });

  it('shows the agency’s new name after a rename', async () => {
    const agency = await createAgency(t, user, { name: 'Before Rename' });
    await createAgencyContact(t, user, agency.id);
    await put(agency.id, formOf(agency, { name: 'After Rename' }));
    const res = await api(t, 'GET', `/api/agencies/${agency.id}/customers`, user);
    expect(res.json()[0].agency).toEqual({ id: agency.id, name: 'After Rename' });
    const search = await api(t, 'GET', '/api/contacts?q=after rename', user);
    expect(search.json().map((c: { agencyId: number }) => c.agencyId)).toContain(agency.id);
  });

  it('answers an empty list for an agency without contacts and 404 for an unknown one', async () => {
    const agency = await createAgency(t, user);
    const empty = await api(t, 'GET', `/api/agencies/${agency.id}/customers`, user);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');
    const missing = await api(t, 'GET', '/api/agencies/999999/customers', user);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Agency not found');
  });
});

describe('ids beyond the database’s integer range', () => {
  const HUGE = 2_147_483_648; // 2^31: one past the largest PostgreSQL integer

  it('are answered 400 or 404 (or a no-op), never 500', async () => {
    const agency = await createAgency(t, user);
    const requests: [method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown][] = [
      ['GET', `/api/agencies/${HUGE}`],
      ['GET', `/api/agencies/${HUGE}/duplicates`],
      ['GET', `/api/agencies/${HUGE}/customers`],
      ['GET', `/api/agencies/${HUGE}/staff`],
      ['GET', `/api/agencies/${HUGE}/notes`],
      ['GET', `/api/agencies/${HUGE}/history`],
      ['PUT', `/api/agencies/${HUGE}`, formOf(agency)],
      ['PUT', `/api/agencies/${HUGE}/status/deactivate`],
      ['PUT', '/api/agencies/bulk-deactivate', { ids: [HUGE] }],
      ['POST', '/api/agencies', agencyPayload([user.id], { parentAgencyId: HUGE })],
      ['POST', '/api/agencies', agencyPayload([HUGE])],
      ['PUT', `/api/agencies/${agency.id}`, formOf(agency, { parentAgencyId: HUGE })],
      ['POST', `/api/agencies/${agency.id}/staff`, { contactId: HUGE }],
      ['PATCH', `/api/agencies/${agency.id}/delete-notes/${HUGE}`],
      ['PATCH', `/api/agencies/deactivate/files/${HUGE}`],
    ];
    const serverErrors: string[] = [];
    for (const [method, url, payload] of requests) {
      const res = await api(t, method, url, admin, payload);
      if (res.statusCode >= 500) serverErrors.push(`${method} ${url} ${JSON.stringify(payload ?? '')}`);
      else expect([200, 400, 404], `${method} ${url}`).toContain(res.statusCode);
    }
    expect(serverErrors).toEqual([]);
  });
});
