import { completeness } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContactJson,
  call,
  createContact,
  type HistoryJson,
  leadPayload,
  uniqueTag,
} from './helpers/contacts.js';
import { preview, rows, run, upload } from './helpers/imports.js';
import { createTestApp, type SignedIn, signIn, type TestApp, uniqueEmail } from './helpers/test-app.js';

/**
 * Every way a contact is written (an import's rows, conversion, deactivation, assignment, the edit
 * form) must keep the same rules: who may assign, and a record and history that agree however
 * many writes meet. The races show on PostgreSQL, where requests really run side by side.
 */
let t: TestApp;
let admin: SignedIn;
let admin2: SignedIn;
let pia: SignedIn; // a plain user
let oz: SignedIn; // another plain user, the one assignments name
let ece: SignedIn; // a third, so that two assignments can race to different people
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Ada', surname: 'Admin' });
  admin2 = await signIn(t, { role: 'admin', firstName: 'Ali', surname: 'Admin' });
  pia = await signIn(t, { firstName: 'Pia', surname: 'Plain' });
  oz = await signIn(t, { firstName: 'Oz', surname: 'Other' });
  ece = await signIn(t, { firstName: 'Ece', surname: 'Third' });
});
afterAll(async () => t.close());

const ONLY_ADMINS_ASSIGN = { field: 'assignedTo', message: 'Only an administrator can assign contacts' };
const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const HEADER = 'Name,Surname,Email,Phone,Source,Assigned To';

const detail = async (id: number) => (await call(t, 'GET', `/api/contacts/${id}`, admin)).json<ContactJson>();
const historyOf = async (id: number) =>
  (await call(t, 'GET', `/api/contacts/${id}/history`, admin)).json<HistoryJson[]>();

async function contactByEmail(email: string): Promise<ContactJson | undefined> {
  const filter = encodeURIComponent(`equals:${email}`);
  const [row] = (await call(t, 'GET', `/api/contacts?filter.email=${filter}`, admin)).json<ContactJson[]>();
  return row && detail(row.id);
}

/** Previews and runs a contacts file as `who`, upserting by e-mail and skipping rows with errors. */
async function importAs(who: SignedIn, file: string) {
  const view = await upload(t, who, 'assign.csv', file);
  const settings = {
    mapping: view.mapping,
    mode: 'upsert' as const,
    key: 'email' as const,
    skipErrors: true,
  };
  await preview(t, who, view.id, settings);
  const planned = await rows(t, who, view.id);
  await run(t, who, view.id, settings);
  return planned;
}

/**
 * Links broken in the history: for each field, oldest first (the history answers newest first),
 * an entry whose old value is not the previous entry's new value. Empty when the chain is whole.
 */
function brokenLinks(history: HistoryJson[]): string[] {
  const last = new Map<string, string | null>();
  const broken: string[] = [];
  for (const entry of [...history].reverse()) {
    if (!entry.field || (entry.kind !== 'edited' && entry.kind !== 'conversion')) continue;
    if (last.has(entry.field) && last.get(entry.field) !== entry.oldValue) {
      broken.push(`${entry.field}: ${last.get(entry.field)} then ${entry.oldValue} → ${entry.newValue}`);
    }
    last.set(entry.field, entry.newValue);
  }
  return broken;
}

/** The contact's form as its detail answers it, for a plain PUT (no version: it replaces every field). */
async function formOf(id: number): Promise<Record<string, unknown>> {
  const { version: _version, ...form } = await detail(id);
  return form;
}

describe("a plain user's import cannot assign contacts", () => {
  it('refuses a row that would give an existing contact to someone else, and leaves the contact as it was', async () => {
    const tag = uniqueTag('ia');
    const email = uniqueEmail(tag);
    const existing = await createContact(
      t,
      admin,
      leadPayload({ surname: tag, email, phone: '905321110101' }),
    );
    expect(existing.assignedToId).toBe(admin.id);

    const planned = await importAs(pia, csv(HEADER, `Ali,${tag},${email},905321110101,Facebook,${oz.email}`));
    expect((await detail(existing.id)).assignedToId).toBe(admin.id);
    expect(planned).toHaveLength(1);
    expect(planned[0]).toMatchObject({ action: 'error', recordId: existing.id });
    expect(planned[0]?.errors).toContainEqual(ONLY_ADMINS_ASSIGN);
  });

  it('refuses a new row assigned to someone else, and creates one assigned to the importer', async () => {
    const tag = uniqueTag('ib');
    const toOther = uniqueEmail(`${tag}o`);
    const toSelf = uniqueEmail(`${tag}s`);
    const planned = await importAs(
      pia,
      csv(
        HEADER,
        `Nil,${tag},${toOther},905321110201,Facebook,Oz Other`,
        `Naz,${tag},${toSelf},905321110202,Facebook,Pia Plain`,
      ),
    );
    expect(planned.map((row) => row.action)).toEqual(['error', 'create']);
    expect(planned[0]?.errors).toContainEqual(ONLY_ADMINS_ASSIGN);
    expect(await contactByEmail(toOther)).toBeUndefined();
    expect(await contactByEmail(toSelf)).toMatchObject({ assignedToId: pia.id, owner: { id: pia.id } });
  });

  // The control: the same column in an admin's file does assign.
  it("lets an admin's import assign, both an existing contact and a new one", async () => {
    const tag = uniqueTag('ic');
    const email = uniqueEmail(tag);
    const created = uniqueEmail(`${tag}n`);
    const existing = await createContact(
      t,
      admin,
      leadPayload({ surname: tag, email, phone: '905321110301' }),
    );
    const planned = await importAs(
      admin,
      csv(
        HEADER,
        `Ali,${tag},${email},905321110301,Facebook,${oz.email}`,
        `Nur,${tag},${created},905321110302,Facebook,Oz Other`,
      ),
    );
    expect(planned.map((row) => row.action)).toEqual(['update', 'create']);
    expect((await detail(existing.id)).assignedToId).toBe(oz.id);
    expect(await contactByEmail(created)).toMatchObject({ assignedToId: oz.id, owner: { id: admin.id } });
  });

  it('refuses the assign action to a plain user (the rule the import must keep)', async () => {
    const contact = await createContact(t, admin, leadPayload({ surname: uniqueTag('id') }));
    const res = await call(t, 'PUT', `/api/contacts/${contact.id}/assign`, pia, { assignedToId: oz.id });
    expect(res.statusCode).toBe(403);
    expect((await detail(contact.id)).assignedToId).toBe(admin.id);
  });
});

// Enough rounds that, on PostgreSQL, the two requests of some round really overlap.
const ROUNDS = 10;

describe('conversion, deactivation and assignment racing an edit lose nothing', () => {
  it('a conversion racing an edit keeps both, with a completeness and a history that agree', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // A lead missing only the gender among the conversion's fields.
      const lead = await createContact(
        t,
        pia,
        leadPayload({ surname: uniqueTag('cv'), nationality: 'Turkey', residency: 'North Cyprus' }),
      );
      const form = await formOf(lead.id);
      const [edit, convert] = await Promise.all([
        // The edit carries the gender too: a plain PUT replaces every field, so one still holding
        // the lead's empty gender would rightly be refused once the contact is a customer.
        call(t, 'PUT', `/api/contacts/${lead.id}`, pia, {
          ...form,
          gender: 'MALE',
          occupation: `Pilot ${round}`,
          city: `Girne ${round}`,
        }),
        call(t, 'PUT', `/api/contacts/${lead.id}/convert`, admin, { gender: 'MALE' }),
      ]);
      expect(edit.statusCode, edit.body).toBe(200);
      expect(convert.statusCode, convert.body).toBe(200);

      const after = await detail(lead.id);
      expect(after).toMatchObject({
        type: 'CUSTOMER',
        gender: 'MALE',
        occupation: `Pilot ${round}`,
        city: `Girne ${round}`,
      });
      // A conversion computing it from the lead it read before the edit leaves it stale.
      expect(after.completeness, `round ${round}`).toBe(completeness(after));
      expect(brokenLinks(await historyOf(lead.id)), `round ${round}`).toEqual([]);
    }
  });

  it('two assignments racing keep an unbroken assignedTo history ending at the assignee', async () => {
    const contact = await createContact(t, admin, leadPayload({ surname: uniqueTag('as') }));
    for (let round = 0; round < ROUNDS; round++) {
      // From a third person each round: were it one of the two, one assignment would change nothing.
      const reset = await call(t, 'PUT', `/api/contacts/${contact.id}/assign`, admin, {
        assignedToId: pia.id,
      });
      expect(reset.statusCode).toBe(200);
      const results = await Promise.all([
        call(t, 'PUT', `/api/contacts/${contact.id}/assign`, admin, { assignedToId: oz.id }),
        call(t, 'PUT', `/api/contacts/${contact.id}/assign`, admin2, { assignedToId: ece.id }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    }
    const entries = (await historyOf(contact.id)).filter((entry) => entry.field === 'assignedTo');
    expect(brokenLinks(entries)).toEqual([]);
    const after = await detail(contact.id);
    expect(entries[0]?.newValue).toBe(after.assignedTo?.name);
  });

  /** Races a deactivation and an edit of a new contact; answers the contact and its history after. */
  async function deactivationAgainstEdit(round: number) {
    const contact = await createContact(t, pia, leadPayload({ surname: uniqueTag('dv') }));
    const form = await formOf(contact.id);
    const [deactivate, edit] = await Promise.all([
      call(t, 'PUT', `/api/contacts/${contact.id}/deactivate`, admin),
      call(t, 'PUT', `/api/contacts/${contact.id}`, admin, { ...form, city: `Lefke ${round}` }),
    ]);
    expect(deactivate.statusCode, deactivate.body).toBe(200);
    expect(edit.statusCode, edit.body).toBe(200);
    return { after: await detail(contact.id), history: await historyOf(contact.id) };
  }

  it('a deactivation racing an edit keeps both, and counts each write in the version', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { after, history } = await deactivationAgainstEdit(round);
      expect(after).toMatchObject({ isActive: false, city: `Lefke ${round}` });
      // Created, deactivated, edited: each write that changed something adds one.
      expect(after.version, `round ${round}`).toBe(3);
      expect(brokenLinks(history)).toEqual([]);
    }
  });

  it("a deactivation racing an edit leaves the record's last change time at its newest history entry", async () => {
    // The clash needs the two writes' times a millisecond apart in the wrong order: more rounds.
    for (let round = 0; round < 3 * ROUNDS; round++) {
      const { after, history } = await deactivationAgainstEdit(round);
      // A write that takes its time before waiting for the row, then commits last, sets the
      // record's updatedAt back to before the other write's.
      const newest = history
        .map((entry) => entry.timestamp)
        .sort()
        .at(-1);
      expect(after.updatedAt, `round ${round}`).toBe(newest);
    }
  });
});

it('20 concurrent plain PUTs keep the record equal to the newest history entry', async () => {
  const contact = await createContact(t, pia, leadPayload({ surname: uniqueTag('pp'), budget: 1 }));
  const form = await formOf(contact.id);
  const writers = [pia, oz, admin];
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      call(t, 'PUT', `/api/contacts/${contact.id}`, writers[i % writers.length]!, {
        ...form,
        budget: 100 + i,
      }),
    ),
  );
  expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
  // In the order the history shows them (newest first), not by id: the screen reads that order.
  const entries = (await historyOf(contact.id)).filter((entry) => entry.field === 'budget');
  expect(entries).toHaveLength(20);
  const after = await detail(contact.id);
  expect(String(after.budget)).toBe(entries[0]?.newValue);
  expect(entries.at(-1)?.oldValue).toBe('1');
  expect(brokenLinks(entries)).toEqual([]);
});
