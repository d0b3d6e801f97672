import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContactJson,
  call,
  createContact,
  customerPayload,
  insertAgency,
  leadPayload,
  uniqueTag,
} from './helpers/contacts.js';
import { createTestApp, errorOf, fieldsOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  user = await signIn(t, { firstName: 'Umut', surname: 'User' });
  other = await signIn(t, { firstName: 'Oya', surname: 'Other' });
});
afterAll(async () => t.close());

const post = (payload: unknown, who: SignedIn = user) => call(t, 'POST', '/api/contacts', who, payload);
const put = (id: number, payload: unknown, who: SignedIn = user) =>
  call(t, 'PUT', `/api/contacts/${id}`, who, payload);
const detail = (id: number, who: SignedIn = user) => call(t, 'GET', `/api/contacts/${id}`, who);
const convert = (id: number, payload?: unknown, who: SignedIn = user) =>
  call(t, 'PUT', `/api/contacts/${id}/convert`, who, payload);

/** 1,001 characters of text: one too many for the notes field. */
const LONG_TEXT = 'x'.repeat(1001);
/** Rows of [override, field, message] with a short label first, for readable test names. */
const labelled = (rows: [Record<string, unknown>, string, string][]) =>
  rows.map(([override, field, message]) => {
    const label = (JSON.stringify(override) ?? '{}').replace(/x{1001}/g, '<1001 chars>');
    return [label === '{}' ? `no ${Object.keys(override)[0]}` : label, field, message, override] as const;
  });

/** Every field of the form filled in, so completeness is 100. */
const fullCustomer = (overrides: Record<string, unknown> = {}) =>
  customerPayload({
    email: 'full.customer@example.com',
    passportNumber: 'U12345678',
    birthday: '1990-05-17',
    trIdNumber: '12345678901',
    city: 'Kyrenia',
    occupation: 'Architect',
    maritalStatus: 'MARRIED',
    numberOfChildren: 2,
    educationLevel: 'MASTERS_DEGREE',
    incomeLevel: 'UPPER_MIDDLE',
    budget: 250000,
    preferredPayment: 'INSTALLMENT',
    serviceCategory: 'Property',
    notes: '<p>Wants a sea view</p>',
    ...overrides,
  });

describe('POST /api/contacts', () => {
  it('creates a lead with 201, owned by and assigned to its creator', async () => {
    const res = await post(leadPayload({ name: '  Ali ', surname: ' Veli  ' }));
    expect(res.statusCode).toBe(201);
    const contact = res.json<ContactJson>();
    expect(contact).toMatchObject({
      type: 'LEAD',
      name: 'Ali',
      surname: 'Veli',
      source: 'Facebook',
      agencyId: null,
      agency: null,
      isActive: true,
      owner: { id: user.id, name: 'Umut User' },
      assignedToId: user.id,
      assignedTo: { id: user.id, name: 'Umut User' },
    });
    expect(contact.id).toBeGreaterThan(0);
    expect(new Date(contact.createdAt).toISOString()).toBe(contact.createdAt);
  });

  it('creates a customer with every field and answers them back', async () => {
    const res = await post(fullCustomer());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'CUSTOMER',
      nationality: 'Turkish',
      residency: 'North Cyprus',
      gender: 'FEMALE',
      email: 'full.customer@example.com',
      passportNumber: 'U12345678',
      birthday: '1990-05-17',
      trIdNumber: '12345678901',
      city: 'Kyrenia',
      occupation: 'Architect',
      maritalStatus: 'MARRIED',
      numberOfChildren: 2,
      educationLevel: 'MASTERS_DEGREE',
      incomeLevel: 'UPPER_MIDDLE',
      budget: 250000,
      preferredPayment: 'INSTALLMENT',
      serviceCategory: 'Property',
      source: 'Facebook',
      notes: '<p>Wants a sea view</p>',
      completeness: 100,
    });
  });

  it('reduces the phone to digits and derives the calling code', async () => {
    const turkish = await createContact(t, user, leadPayload({ phone: '+90 (532) 123-45-67' }));
    expect(turkish.phone).toBe('905321234567');
    expect(turkish.countryCode).toBe('+90');
    const digitsOnly = await createContact(t, user, leadPayload({ phone: '905321234567' }));
    expect(digitsOnly.countryCode).toBe('+90');
    const british = await createContact(t, user, leadPayload({ phone: '+44 7700 900123' }));
    expect(british).toMatchObject({ phone: '447700900123', countryCode: '+44' });
  });

  it("stores 'null' and '' in optional selects and fields as null", async () => {
    const contact = await createContact(
      t,
      user,
      leadPayload({
        email: '',
        nationality: 'null',
        residency: '',
        gender: 'null',
        maritalStatus: '',
        numberOfChildren: '',
        educationLevel: 'null',
        incomeLevel: '',
        preferredPayment: 'null',
        serviceCategory: 'null',
        birthday: '',
        city: '   ',
      }),
    );
    expect(contact).toMatchObject({
      email: null,
      nationality: null,
      residency: null,
      gender: null,
      maritalStatus: null,
      numberOfChildren: null,
      educationLevel: null,
      incomeLevel: null,
      preferredPayment: null,
      serviceCategory: null,
      birthday: null,
      city: null,
      budget: 0,
    });
  });

  it.each([
    [1234.56, 1234.56],
    ['1234.56', 1234.56],
    [0.29, 0.29],
    [19.99, 19.99],
    [4.35, 4.35],
    [999999999.99, 999999999.99],
    ['', 0],
    [null, 0],
  ])('keeps the budget %j in pounds without float drift (%j)', async (budget, expected) => {
    const created = await createContact(t, user, leadPayload({ budget }));
    expect(created.budget).toBe(expected);
    const read = await detail(created.id);
    expect(read.json().budget).toBe(expected);
  });

  it('defaults the budget to 0 when it is not sent', async () => {
    const contact = await createContact(t, user, leadPayload());
    expect(contact.budget).toBe(0);
  });

  it('answers completeness as a number from 0 to 100 that rises as fields are filled', async () => {
    const bare = await createContact(t, user, leadPayload());
    const more = await createContact(
      t,
      user,
      leadPayload({ email: 'more@example.com', city: 'Nicosia', budget: 100 }),
    );
    const full = await createContact(t, user, fullCustomer());
    for (const c of [bare, more, full]) {
      expect(typeof c.completeness).toBe('number');
      expect(c.completeness).toBeGreaterThanOrEqual(0);
      expect(c.completeness).toBeLessThanOrEqual(100);
    }
    expect(bare.completeness).toBeGreaterThan(0);
    expect(more.completeness).toBeGreaterThan(bare.completeness);
    expect(full.completeness).toBeGreaterThan(more.completeness);
    expect(full.completeness).toBe(100);
  });

  it.each(
    labelled([
      [{ name: '' }, 'name', 'First name is required'],
      [{ name: '   ' }, 'name', 'First name is required'],
      [{ name: undefined }, 'name', 'First name is required'],
      [{ surname: '' }, 'surname', 'Surname is required'],
      [{ surname: undefined }, 'surname', 'Surname is required'],
      [{ phone: '' }, 'phone', 'Phone is required'],
      [{ phone: '+ ( ) -' }, 'phone', 'Phone is required'],
      [{ phone: undefined }, 'phone', 'Phone is required'],
      [{ phone: '12-345' }, 'phone', 'Phone must be 6–15 digits'],
      [{ phone: '1234567890123456' }, 'phone', 'Phone must be 6–15 digits'],
      [{ email: 'not-an-email' }, 'email', 'Invalid email format'],
      [{ email: 'two@@example.com' }, 'email', 'Invalid email format'],
      [{ budget: -1 }, 'budget', 'Budget must be at least 0'],
      [{ budget: '-0.01' }, 'budget', 'Budget must be at least 0'],
      [{ notes: LONG_TEXT }, 'notes', 'Notes can be at most 1,000 characters'],
      [{ notes: `<p>${LONG_TEXT}</p>` }, 'notes', 'Notes can be at most 1,000 characters'],
      [{ source: undefined }, 'source', 'Source is required'],
      [{ source: 'null' }, 'source', 'Source is required'],
      [{ source: '' }, 'source', 'Source is required'],
    ]),
  )('refuses a lead with %s: %s "%s"', async (_label, field, message, override) => {
    const res = await post(leadPayload(override));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)[field]).toBe(message);
    expect(errorOf(res)).toBe(message);
  });

  it.each([
    [{ nationality: '' }, 'nationality', 'Nationality is required'],
    [{ nationality: 'null' }, 'nationality', 'Nationality is required'],
    [{ residency: undefined }, 'residency', 'Residency is required'],
    [{ gender: 'null' }, 'gender', 'Gender is required'],
    [{ gender: '' }, 'gender', 'Gender is required'],
  ])('refuses a customer with %j: %s "%s"', async (override, field, message) => {
    const res = await post(customerPayload(override));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)[field]).toBe(message);
  });

  it('names every missing customer field at once', async () => {
    const res = await post(leadPayload({ type: 'CUSTOMER', source: '' }));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual({
      source: 'Source is required',
      nationality: 'Nationality is required',
      residency: 'Residency is required',
      gender: 'Gender is required',
    });
  });

  it('accepts notes of exactly 1,000 characters of text, whatever their markup', async () => {
    const res = await post(leadPayload({ notes: `<p><strong>${'z'.repeat(1000)}</strong></p>` }));
    expect(res.statusCode).toBe(201);
  });

  it.each([
    [{ gender: 'OTHER' }, 'gender'],
    [{ maritalStatus: 'WIDOWED' }, 'maritalStatus'],
    [{ educationLevel: 'COLLEGE' }, 'educationLevel'],
    [{ incomeLevel: 'RICH' }, 'incomeLevel'],
    [{ preferredPayment: 'BARTER' }, 'preferredPayment'],
    [{ source: 'Twitter' }, 'source'],
    [{ numberOfChildren: 11 }, 'numberOfChildren'],
    [{ numberOfChildren: -1 }, 'numberOfChildren'],
    [{ numberOfChildren: 1.5 }, 'numberOfChildren'],
    [{ birthday: '1990-02-30' }, 'birthday'],
    [{ budget: 'lots' }, 'budget'],
    [{ type: 'lead' }, 'type'],
    [{ type: 'PARTNER' }, 'type'],
  ])('refuses values outside their lists: %j', async (override, field) => {
    const res = await post(leadPayload(override));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)[field]).toEqual(expect.any(String));
  });

  it('accepts every enumeration value of the specification', async () => {
    const res = await post(
      leadPayload({
        gender: 'MALE',
        maritalStatus: 'SINGLE',
        educationLevel: 'PHD',
        incomeLevel: 'PREMIUM',
        preferredPayment: 'CREDIT',
        source: 'Walk-in',
        numberOfChildren: 10,
      }),
    );
    expect(res.statusCode).toBe(201);
    for (const source of ['Direct Call', 'Facebook', 'Google Ads', 'Referral', 'Instagram', 'Walk-in']) {
      expect((await post(leadPayload({ source }))).statusCode).toBe(201);
    }
  });

  it('links an agency, answers it as {id, name} and drops the source', async () => {
    const agencyId = await insertAgency(t, 'Sunrise Homes');
    const contact = await createContact(t, user, leadPayload({ agencyId, source: 'Facebook' }));
    expect(contact).toMatchObject({
      agencyId,
      agency: { id: agencyId, name: 'Sunrise Homes' },
      source: null,
    });
    const noSource = await post(leadPayload({ agencyId, source: undefined }));
    expect(noSource.statusCode).toBe(201);
    const asText = await post(leadPayload({ agencyId: String(agencyId), source: 'null' }));
    expect(asText.statusCode).toBe(201);
    expect(asText.json().agencyId).toBe(agencyId);
  });

  it('treats an empty or null agency as a direct contact', async () => {
    for (const agencyId of [null, '', 'null', 0]) {
      const contact = await createContact(t, user, leadPayload({ agencyId }));
      expect(contact.agencyId).toBeNull();
      expect(contact.agency).toBeNull();
    }
  });

  it('refuses an unknown or inactive agency with "Agency not found"', async () => {
    const unknown = await post(leadPayload({ agencyId: 999999 }));
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toBe('Agency not found');
    expect(fieldsOf(unknown).agencyId).toBe('Agency not found');
    const inactiveId = await insertAgency(t, 'Closed Realty', { active: false });
    const inactive = await post(leadPayload({ agencyId: inactiveId }));
    expect(inactive.statusCode).toBe(400);
    expect(errorOf(inactive)).toBe('Agency not found');
  });

  it('ignores fields a client may not set: owner, assignee, active state', async () => {
    const contact = await createContact(
      t,
      user,
      leadPayload({ owner: { id: admin.id }, ownerId: admin.id, assignedToId: admin.id, isActive: false }),
    );
    expect(contact.owner.id).toBe(user.id);
    expect(contact.assignedToId).toBe(user.id);
    expect(contact.isActive).toBe(true);
  });

  it('refuses a body that is not JSON or not an object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect((await post([])).statusCode).toBe(400);
  });
});

describe('GET /api/contacts/:id', () => {
  it('answers the contact with its agency and files', async () => {
    const agencyId = await insertAgency(t, 'Blue Coast');
    const created = await createContact(t, user, leadPayload({ agencyId }));
    const res = await detail(created.id, other);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ...created,
      agency: { id: agencyId, name: 'Blue Coast' },
      files: [],
    });
  });

  it('answers 404 "Contact not found." for an unknown id and 400 for a malformed one', async () => {
    const missing = await detail(999999);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Contact not found.');
    expect((await detail(0)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/contacts/abc', user)).statusCode).toBe(400);
  });
});

describe('PUT /api/contacts/:id', () => {
  it('updates the fields and answers the updated contact', async () => {
    const created = await createContact(t, user, leadPayload());
    const res = await put(
      created.id,
      leadPayload({
        name: 'Mehmet',
        email: 'Mehmet@Example.com',
        phone: '+44 7700 900123',
        city: 'London',
        budget: 1500.5,
      }),
      other,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      type: 'LEAD',
      name: 'Mehmet',
      email: 'Mehmet@Example.com',
      phone: '447700900123',
      countryCode: '+44',
      city: 'London',
      budget: 1500.5,
      owner: { id: user.id },
    });
    expect(res.json().completeness).toBeGreaterThan(created.completeness);
    expect((await detail(created.id)).json()).toMatchObject({ name: 'Mehmet', city: 'London' });
  });

  it('cannot change the type, owner or assignee', async () => {
    const created = await createContact(t, user, leadPayload());
    const res = await put(
      created.id,
      leadPayload({ type: 'CUSTOMER', assignedToId: admin.id, ownerId: admin.id }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'LEAD', owner: { id: user.id }, assignedToId: user.id });
  });

  it.each(
    labelled([
      [{ name: '' }, 'name', 'First name is required'],
      [{ surname: ' ' }, 'surname', 'Surname is required'],
      [{ phone: '' }, 'phone', 'Phone is required'],
      [{ phone: '12345' }, 'phone', 'Phone must be 6–15 digits'],
      [{ email: 'nope' }, 'email', 'Invalid email format'],
      [{ budget: -5 }, 'budget', 'Budget must be at least 0'],
      [{ notes: LONG_TEXT }, 'notes', 'Notes can be at most 1,000 characters'],
      [{ source: '' }, 'source', 'Source is required'],
    ]),
  )('refuses an update with %s: %s "%s"', async (_label, field, message, override) => {
    const created = await createContact(t, user, leadPayload());
    const res = await put(created.id, leadPayload(override));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)[field]).toBe(message);
    expect((await detail(created.id)).json()).toMatchObject({ name: 'Ali', phone: created.phone });
  });

  it.each([
    ['nationality', 'Nationality is required'],
    ['residency', 'Residency is required'],
    ['gender', 'Gender is required'],
  ])('refuses to empty a customer’s %s: "%s"', async (field, message) => {
    const created = await createContact(t, user, customerPayload());
    const res = await put(created.id, customerPayload({ [field]: 'null' }));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)[field]).toBe(message);
  });

  it('lets a lead leave nationality, residency and gender empty', async () => {
    const created = await createContact(t, user, leadPayload({ nationality: 'Turkish' }));
    const res = await put(created.id, leadPayload({ nationality: '' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().nationality).toBeNull();
  });

  it('nulls the source when an agency is set, and requires it again when the agency is removed', async () => {
    const agencyId = await insertAgency(t, 'Harbour Estates');
    const created = await createContact(t, user, leadPayload());
    const linked = await put(created.id, leadPayload({ agencyId }));
    expect(linked.json()).toMatchObject({ agencyId, source: null, agency: { name: 'Harbour Estates' } });
    const unlinked = await put(created.id, leadPayload({ agencyId: null, source: undefined }));
    expect(unlinked.statusCode).toBe(400);
    expect(fieldsOf(unlinked).source).toBe('Source is required');
    const direct = await put(created.id, leadPayload({ agencyId: null, source: 'Instagram' }));
    expect(direct.json()).toMatchObject({ agencyId: null, agency: null, source: 'Instagram' });
  });

  it('keeps an agency deactivated since, but refuses to link a contact to it anew', async () => {
    const agencyId = await insertAgency(t, 'Fading Realty');
    const linked = await createContact(t, user, leadPayload({ agencyId }));
    const direct = await createContact(t, user, leadPayload());
    await t.db.updateTable('agencies').set({ is_active: 0 }).where('id', '=', agencyId).execute();
    const kept = await put(linked.id, leadPayload({ agencyId, city: 'Famagusta' }));
    expect(kept.statusCode).toBe(200);
    expect(kept.json().agency).toEqual({ id: agencyId, name: 'Fading Realty' });
    const refused = await put(direct.id, leadPayload({ agencyId }));
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused).agencyId).toBe('Agency not found');
  });

  it('answers the stored contact unchanged when nothing differs', async () => {
    const created = await createContact(t, user, leadPayload({ budget: 10.1, notes: '<p>Same</p>' }));
    const res = await put(
      created.id,
      leadPayload({ phone: '90 532 123 45 67', budget: '10.10', notes: '<p>Same</p>' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created);
  });

  it('saves a change to the formatting of the notes alone', async () => {
    const created = await createContact(t, user, leadPayload({ notes: '<p>Call back</p>' }));
    const res = await put(created.id, leadPayload({ notes: '<p><strong>Call back</strong></p>' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().notes).toBe('<p><strong>Call back</strong></p>');
    expect((await detail(created.id)).json().notes).toBe('<p><strong>Call back</strong></p>');
  });

  it('answers 404 "Contact not found." for an unknown contact', async () => {
    const res = await put(999999, leadPayload());
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe('Contact not found.');
  });
});

describe('PUT /api/contacts/:id/convert', () => {
  /** A lead as older data may hold it: no source although no agency is linked. */
  async function leadWithoutSource(overrides: Record<string, unknown> = {}) {
    const lead = await createContact(t, user, leadPayload(overrides));
    await t.db.updateTable('contacts').set({ source: null }).where('id', '=', lead.id).execute();
    return lead;
  }

  it('asks exactly the missing fields: nationality set, so residency, source and gender', async () => {
    const lead = await leadWithoutSource({ nationality: 'British' });
    const res = await convert(lead.id, {});
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual({
      residency: 'Residency is required',
      source: 'Source is required',
      gender: 'Gender is required',
    });
  });

  it('does not ask the source of a lead referred by an agency', async () => {
    const agencyId = await insertAgency(t, 'Referral Partners');
    const lead = await createContact(t, user, leadPayload({ agencyId, residency: 'Cyprus' }));
    const res = await convert(lead.id, {});
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual({
      nationality: 'Nationality is required',
      gender: 'Gender is required',
    });
    const done = await convert(lead.id, { nationality: 'German', gender: 'MALE' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ type: 'CUSTOMER', source: null, agencyId });
  });

  it('keeps refusing, field by field, while any asked field stays empty', async () => {
    const lead = await leadWithoutSource();
    const partial = await convert(lead.id, { nationality: 'Turkish', residency: 'null', gender: '' });
    expect(partial.statusCode).toBe(400);
    expect(fieldsOf(partial)).toEqual({
      residency: 'Residency is required',
      source: 'Source is required',
      gender: 'Gender is required',
    });
    expect((await detail(lead.id)).json()).toMatchObject({ type: 'LEAD', nationality: null });
  });

  it('converts when every asked field is given and keeps the values already on the contact', async () => {
    const lead = await leadWithoutSource({ nationality: 'British', city: 'Lapta' });
    const res = await convert(lead.id, {
      nationality: 'Ignored',
      residency: 'North Cyprus',
      source: 'Google Ads',
      gender: 'FEMALE',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: lead.id,
      type: 'CUSTOMER',
      nationality: 'British',
      residency: 'North Cyprus',
      source: 'Google Ads',
      gender: 'FEMALE',
      city: 'Lapta',
    });
    expect(res.json().completeness).toBeGreaterThan(lead.completeness);
    expect((await detail(lead.id)).json().type).toBe('CUSTOMER');
  });

  it('refuses an asked value outside its list', async () => {
    const lead = await leadWithoutSource();
    const res = await convert(lead.id, {
      nationality: 'Turkish',
      residency: 'Cyprus',
      source: 'Carrier pigeon',
      gender: 'MALE',
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res).source).toEqual(expect.any(String));
  });

  it('converts a lead that has every field already, with an empty object', async () => {
    const lead = await createContact(
      t,
      user,
      leadPayload({ nationality: 'Turkish', residency: 'Turkey', gender: 'MALE' }),
    );
    const res = await convert(lead.id, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().type).toBe('CUSTOMER');
  });

  it('converts a lead that has every field already, with no body at all', async () => {
    const lead = await createContact(
      t,
      user,
      leadPayload({ nationality: 'Turkish', residency: 'Turkey', gender: 'MALE' }),
    );
    const res = await convert(lead.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().type).toBe('CUSTOMER');
  });

  it('answers 409 for a customer', async () => {
    const customer = await createContact(t, user, customerPayload());
    const res = await convert(customer.id, {});
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe('This contact is already a customer');
  });

  it('moves the contact from the leads list to the customers list', async () => {
    const tag = uniqueTag('conv');
    const lead = await createContact(
      t,
      user,
      leadPayload({ surname: tag, nationality: 'Turkish', residency: 'Turkey', gender: 'MALE' }),
    );
    const ids = async (type: string) =>
      (await call(t, 'GET', `/api/contacts?type=${type}&q=${tag}`, user))
        .json<ContactJson[]>()
        .map((c) => c.id);
    expect(await ids('lead')).toEqual([lead.id]);
    await convert(lead.id, {});
    expect(await ids('lead')).toEqual([]);
    expect(await ids('customer')).toEqual([lead.id]);
  });

  it('answers 404 for an unknown contact', async () => {
    const res = await convert(999999, {});
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe('Contact not found.');
  });
});

describe('deactivation: PUT /api/contacts/:id/deactivate and DELETE /api/contacts/:id', () => {
  it.each([
    ['PUT', 'deactivate'],
    ['DELETE', ''],
  ] as const)('%s …%s is admin-only: 403 for anyone else, contact untouched', async (method, suffix) => {
    const contact = await createContact(t, user, leadPayload());
    const url = `/api/contacts/${contact.id}${suffix ? `/${suffix}` : ''}`;
    const res = await call(t, method, url, user);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe('You do not have permission to do this');
    expect((await detail(contact.id)).json().isActive).toBe(true);
  });

  it.each([
    ['PUT', 'deactivate'],
    ['DELETE', ''],
  ] as const)('%s …%s by an admin is a soft delete', async (method, suffix) => {
    const tag = uniqueTag('gone');
    const contact = await createContact(t, user, leadPayload({ surname: tag }));
    const url = `/api/contacts/${contact.id}${suffix ? `/${suffix}` : ''}`;
    const res = await call(t, method, url, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: contact.id, isActive: false });

    // The row is kept...
    const row = await t.db
      .selectFrom('contacts')
      .select('is_active')
      .where('id', '=', contact.id)
      .executeTakeFirst();
    expect(row?.is_active).toBe(0);
    // ...but it leaves the list, for admins too,
    for (const who of [user, admin]) {
      const list = await call(t, 'GET', `/api/contacts?q=${tag}`, who);
      expect(list.json()).toEqual([]);
      expect(list.headers['x-total-count']).toBe('0');
    }
    // is 404 "Contact not found." for a non-admin on every route under it,
    const asUser = await detail(contact.id, user);
    expect(asUser.statusCode).toBe(404);
    expect(errorOf(asUser)).toBe('Contact not found.');
    for (const [m, path, body] of [
      ['PUT', '', leadPayload()],
      ['PUT', '/convert', {}],
      ['GET', '/duplicates', undefined],
      ['GET', '/notes', undefined],
      ['POST', '/add-note', { content: 'hello' }],
      ['GET', '/history', undefined],
      ['GET', '/files', undefined],
    ] as const) {
      const r = await call(t, m, `/api/contacts/${contact.id}${path}`, user, body);
      expect(r.statusCode, `${m} ${path}`).toBe(404);
      expect(errorOf(r)).toBe('Contact not found.');
    }
    // and still readable by an admin.
    const asAdmin = await detail(contact.id, admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().isActive).toBe(false);
  });

  it('is idempotent and 404 for an unknown contact', async () => {
    const contact = await createContact(t, user, leadPayload());
    expect((await call(t, 'PUT', `/api/contacts/${contact.id}/deactivate`, admin)).statusCode).toBe(200);
    expect((await call(t, 'PUT', `/api/contacts/${contact.id}/deactivate`, admin)).statusCode).toBe(200);
    const missing = await call(t, 'DELETE', '/api/contacts/999999', admin);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Contact not found.');
  });
});

describe('PUT /api/contacts/:id/assign', () => {
  it('sets the assignee (admin) and leaves the owner alone', async () => {
    const contact = await createContact(t, user, leadPayload());
    const res = await call(t, 'PUT', `/api/contacts/${contact.id}/assign`, admin, { assignedToId: other.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      assignedToId: other.id,
      assignedTo: { id: other.id, name: 'Oya Other' },
      owner: { id: user.id, name: 'Umut User' },
    });
    expect((await detail(contact.id)).json().assignedTo).toEqual({ id: other.id, name: 'Oya Other' });
  });

  it('accepts the id as a string, as a form may send it', async () => {
    const contact = await createContact(t, user, leadPayload());
    const res = await call(t, 'PUT', `/api/contacts/${contact.id}/assign`, admin, {
      assignedToId: String(admin.id),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().assignedToId).toBe(admin.id);
  });

  it('is 403 for a non-admin', async () => {
    const contact = await createContact(t, user, leadPayload());
    const res = await call(t, 'PUT', `/api/contacts/${contact.id}/assign`, user, { assignedToId: other.id });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe('You do not have permission to do this');
    expect((await detail(contact.id)).json().assignedToId).toBe(user.id);
  });

  it('refuses a missing, unknown or inactive user', async () => {
    const contact = await createContact(t, user, leadPayload());
    const url = `/api/contacts/${contact.id}/assign`;
    const missing = await call(t, 'PUT', url, admin, {});
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing).assignedToId).toBe('Choose a user to assign');
    const unknown = await call(t, 'PUT', url, admin, { assignedToId: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown).assignedToId).toBe('The chosen user does not exist or is inactive');
    const leaver = await signIn(t, { firstName: 'Lea', surname: 'Ver' });
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', leaver.id).execute();
    const inactive = await call(t, 'PUT', url, admin, { assignedToId: leaver.id });
    expect(inactive.statusCode).toBe(400);
  });

  it('answers 404 for an unknown contact', async () => {
    const res = await call(t, 'PUT', '/api/contacts/999999/assign', admin, { assignedToId: user.id });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/contacts/:id/duplicates', () => {
  const duplicates = (id: number) => call(t, 'GET', `/api/contacts/${id}/duplicates`, user);

  it('finds others with the same name and surname, ignoring case and surrounding spaces', async () => {
    const tag = uniqueTag('dup');
    const first = await createContact(
      t,
      user,
      leadPayload({ name: 'Ayse', surname: tag, phone: '111111111' }),
    );
    const second = await createContact(
      t,
      other,
      customerPayload({ name: '  AYSE ', surname: ` ${tag.toUpperCase()}`, phone: '222222222' }),
    );
    const res = await duplicates(first.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: second.id,
        type: 'CUSTOMER',
        name: 'AYSE',
        surname: tag.toUpperCase(),
        email: null,
        phone: '222222222',
        matchedOn: ['name'],
      },
    ]);
  });

  it('finds others with the same e-mail (any case) and the same phone (any formatting)', async () => {
    const tag = uniqueTag('dup');
    const base = await createContact(
      t,
      user,
      leadPayload({ name: 'Base', surname: tag, email: `${tag}@example.com`, phone: '+90 533 765 43 21' }),
    );
    const byEmail = await createContact(
      t,
      user,
      leadPayload({
        name: 'Mail',
        surname: 'Match',
        email: `${tag.toUpperCase()}@EXAMPLE.COM`,
        phone: '333333333',
      }),
    );
    const byPhone = await createContact(
      t,
      user,
      leadPayload({ name: 'Phone', surname: 'Match', phone: '905337654321' }),
    );
    const unrelated = await createContact(
      t,
      user,
      leadPayload({ name: 'No', surname: 'Match', email: `x${tag}@example.com`, phone: '444444444' }),
    );
    const found = (await duplicates(base.id)).json<{ id: number; matchedOn: string[] }[]>();
    expect(found.map((d) => [d.id, d.matchedOn])).toEqual([
      [byEmail.id, ['email']],
      [byPhone.id, ['phone']],
    ]);
    expect(found.map((d) => d.id)).not.toContain(unrelated.id);
    expect(found.map((d) => d.id)).not.toContain(base.id);
  });

  it('names every key a duplicate matches on', async () => {
    const tag = uniqueTag('dup');
    const a = await createContact(
      t,
      user,
      leadPayload({ surname: tag, email: `${tag}@example.com`, phone: '555555555' }),
    );
    const b = await createContact(
      t,
      user,
      leadPayload({ surname: tag, email: `${tag}@example.com`, phone: '555555555' }),
    );
    expect((await duplicates(a.id)).json()).toEqual([
      expect.objectContaining({ id: b.id, matchedOn: ['name', 'email', 'phone'] }),
    ]);
    expect((await duplicates(b.id)).json()).toEqual([
      expect.objectContaining({ id: a.id, matchedOn: ['name', 'email', 'phone'] }),
    ]);
  });

  it('does not match contacts without an e-mail on their missing e-mail', async () => {
    const tag = uniqueTag('dup');
    const a = await createContact(t, user, leadPayload({ name: 'One', surname: tag, phone: '666666661' }));
    await createContact(t, user, leadPayload({ name: 'Two', surname: tag, phone: '666666662' }));
    expect((await duplicates(a.id)).json()).toEqual([]);
  });

  it('treats a Turkish capital İ as the same letter as i, case-insensitively', async () => {
    const tag = uniqueTag('dup');
    const a = await createContact(t, user, leadPayload({ name: 'İpek', surname: tag, phone: '777777771' }));
    const b = await createContact(t, user, leadPayload({ name: 'ipek', surname: tag, phone: '777777772' }));
    expect((await duplicates(a.id)).json()).toEqual([
      expect.objectContaining({ id: b.id, matchedOn: ['name'] }),
    ]);
  });

  it('answers 404 for an unknown contact', async () => {
    expect((await duplicates(999999)).statusCode).toBe(404);
  });
});

describe('authentication', () => {
  it.each([
    ['GET', '/api/contacts'],
    ['GET', '/api/contacts?type=lead'],
    ['GET', '/api/contacts/1'],
    ['GET', '/api/contacts/1/duplicates'],
    ['POST', '/api/contacts'],
    ['PUT', '/api/contacts/1'],
    ['PUT', '/api/contacts/1/convert'],
    ['PUT', '/api/contacts/1/deactivate'],
    ['DELETE', '/api/contacts/1'],
    ['PUT', '/api/contacts/1/assign'],
  ] as const)('%s %s without a token is 401', async (method, url) => {
    const res = await call(
      t,
      method,
      url,
      undefined,
      method === 'GET' || method === 'DELETE' ? undefined : {},
    );
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe('Authentication required');
  });

  it('refuses a forged token with 401', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/contacts',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(res.statusCode).toBe(401);
  });
});
