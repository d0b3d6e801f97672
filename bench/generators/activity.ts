import { basisPointsToPercent } from '@crm/domain';
import type { Insertable } from 'kysely';
import type { HistoryTable, NotesTable } from '../../apps/server/src/db/schema.js';
import { insertInBatches, type TableName } from '../lib/database.js';
import type { Rng } from '../lib/prng.js';
import type { SeedContext, SeedResult } from './context.js';
import { noteHtml, notePlainText } from './note-texts.js';
import { cityIn, NORTH_CYPRUS } from './places.js';
import {
  batchFor,
  between,
  ExistingAt,
  iso,
  loadActiveUsers,
  loadUserNames,
  logUniform,
  type StaffUser,
} from './population.js';

/** Tables the activity step fills, children first; --reset empties them. */
export const ACTIVITY_TABLES: readonly TableName[] = ['history', 'notes'];

type NoteInsert = Insertable<NotesTable>;
type HistoryInsert = Insertable<HistoryTable>;

/** What the history of a contact is written from: the contact as the contacts step stored it. */
interface ContactFacts {
  id: number;
  type: string;
  isActive: boolean;
  createdMs: number;
  updatedMs: number;
  ownerId: number;
  assigneeId: number | null;
  agencyId: number | null;
  phone: string;
  email: string | null;
  city: string | null;
  residency: string | null;
  nationality: string | null;
  gender: string | null;
  budgetPence: number;
  occupation: string | null;
}

interface AgencyFacts {
  id: number;
  isActive: boolean;
  createdMs: number;
  updatedMs: number;
  commissionBp: number;
  city: string;
  country: string;
  officeNumber: string;
  email: string;
}

interface StaffFacts {
  agencyId: number;
  contactId: number;
  position: string;
  isActive: boolean;
  createdMs: number;
  updatedMs: number;
}

/** Who wrote what: names for the entries that name people, admins for admin-only actions. */
interface People {
  names: ReadonlyMap<number, string>;
  users: ExistingAt<StaffUser>;
  admins: ExistingAt<StaffUser>;
}

const NOTE_COUNTS = [
  { value: 0, weight: 62 },
  { value: 1, weight: 26 },
  { value: 2, weight: 8 },
  { value: 3, weight: 4 },
];

const AGENCY_NOTE_COUNTS = [
  { value: 0, weight: 55 },
  { value: 1, weight: 30 },
  { value: 2, weight: 10 },
  { value: 3, weight: 5 },
];

/** `count` instants in (from, to], in order, the last one exactly `to`. */
function timeline(rng: Rng, fromMs: number, toMs: number, count: number): number[] {
  const times = Array.from({ length: count - 1 }, () => between(rng, fromMs + 1, toMs));
  times.sort((a, b) => a - b);
  times.push(toMs);
  return times;
}

function note(
  parent: { contact_id: number | null; agency_id: number | null },
  content: string,
  userId: number,
  createdMs: number,
  updatedMs: number,
  active: boolean,
): NoteInsert {
  return {
    ...parent,
    content,
    is_active: active ? 1 : 0,
    user_id: userId,
    created_at: iso(createdMs),
    updated_at: iso(updatedMs),
  };
}

/**
 * About half a note per contact (most have none, a few several), written by the owner or the
 * assignee after the contact came in; a few deleted since. Notes of inactive contacts predate the
 * deactivation.
 */
export function* generateContactNotes(
  rng: Rng,
  contacts: readonly ContactFacts[],
  until: Date,
): Generator<NoteInsert> {
  const end = until.getTime();
  for (const contact of contacts) {
    const count = rng.weighted(NOTE_COUNTS);
    const last = contact.isActive ? end : contact.updatedMs;
    for (let n = 0; n < count; n++) {
      const at = between(rng, contact.createdMs, last);
      const active = !rng.chance(0.03);
      const author = rng.chance(0.5) || contact.assigneeId === null ? contact.ownerId : contact.assigneeId;
      yield note(
        { contact_id: contact.id, agency_id: null },
        noteHtml(rng),
        author,
        at,
        active ? at : between(rng, at, last),
        active,
      );
    }
  }
}

interface AgencyNote {
  agencyId: number;
  row: NoteInsert;
  atMs: number;
}

/** Partners' notes: planned before insertion because each one is also a 'note' history entry. */
function planAgencyNotes(
  rng: Rng,
  agencies: readonly AgencyFacts[],
  people: People,
  until: Date,
): AgencyNote[] {
  const end = until.getTime();
  const notes: AgencyNote[] = [];
  for (const agency of agencies) {
    const count = rng.weighted(AGENCY_NOTE_COUNTS);
    for (let n = 0; n < count; n++) {
      const at = between(rng, agency.createdMs, agency.isActive ? end : agency.updatedMs);
      const author = people.users.pickAt(rng, at);
      notes.push({
        agencyId: agency.id,
        atMs: at,
        row: note({ contact_id: null, agency_id: agency.id }, noteHtml(rng), author.id, at, at, true),
      });
    }
  }
  return notes;
}

function entry(
  parent: { contact_id: number | null; agency_id: number | null },
  kind: string,
  field: string | null,
  oldValue: string | null,
  newValue: string | null,
  userId: number | null,
  atMs: number,
  relatedContactId: number | null = null,
): HistoryInsert {
  return {
    ...parent,
    kind,
    field,
    old_value: oldValue,
    new_value: newValue,
    user_id: userId,
    related_contact_id: relatedContactId,
    created_at: iso(atMs),
  };
}

/** A plausible earlier value of one of the contact's fields, as an edit would have replaced it. */
function plainEdit(
  rng: Rng,
  contact: ContactFacts,
): { field: string; oldValue: string | null; newValue: string } {
  const options: (() => { field: string; oldValue: string | null; newValue: string })[] = [
    () => ({
      field: 'phone',
      oldValue: contact.phone.slice(0, -4) + rng.digits(4),
      newValue: contact.phone,
    }),
  ];
  if (contact.email) {
    const email = contact.email;
    options.push(() => ({
      field: 'email',
      oldValue: rng.chance(0.5) ? null : email.replace('@', `${rng.int(1, 99)}@`),
      newValue: email,
    }));
  }
  if (contact.city) {
    const city = contact.city;
    options.push(() => {
      const other = cityIn(rng, contact.residency ?? NORTH_CYPRUS);
      return { field: 'city', oldValue: rng.chance(0.5) || other === city ? null : other, newValue: city };
    });
  }
  if (contact.budgetPence > 0) {
    const budget = contact.budgetPence / 100;
    options.push(() => ({
      field: 'budget',
      oldValue: String(logUniform(rng, 30_000, 1_000_000, 5_000)),
      newValue: String(budget),
    }));
  }
  if (contact.occupation) {
    const occupation = contact.occupation;
    options.push(() => ({ field: 'occupation', oldValue: null, newValue: occupation }));
  }
  return rng.pick(options)();
}

/**
 * Each contact's history as the service writes it: 'created' (with the type it was created as), then
 * between creation and the last update a reassignment when its assignee is not its creator, a
 * conversion (with the fields it filled) for a third of the edited customers, one or two ordinary
 * edits, and a deactivation last for inactive contacts. The last entry falls on updated_at.
 */
export function* generateContactHistory(
  rng: Rng,
  contacts: readonly ContactFacts[],
  people: People,
): Generator<HistoryInsert> {
  for (const contact of contacts) {
    const parent = { contact_id: contact.id, agency_id: null };
    const edited = contact.updatedMs > contact.createdMs;
    const converted = edited && contact.type === 'CUSTOMER' && rng.chance(1 / 3);
    yield entry(
      parent,
      'created',
      null,
      null,
      converted ? 'LEAD' : contact.type,
      contact.ownerId,
      contact.createdMs,
    );
    if (!edited) continue;

    const reassigned = contact.assigneeId !== null && contact.assigneeId !== contact.ownerId;
    const events: ('assign' | 'convert' | 'edit')[] = [];
    if (reassigned) events.push('assign');
    if (converted) events.push('convert');
    const plainEdits =
      events.length === 0 && contact.isActive ? 1 + (rng.chance(0.4) ? 1 : 0) : rng.chance(0.3) ? 1 : 0;
    for (let n = 0; n < plainEdits; n++) events.push('edit');
    // Shuffled, so that a conversion is not always last; a deactivation always is.
    for (let n = events.length - 1; n > 0; n--) {
      const k = rng.int(0, n);
      [events[n], events[k]] = [events[k]!, events[n]!];
    }
    const total = events.length + (contact.isActive ? 0 : 1);
    const times = timeline(rng, contact.createdMs, contact.updatedMs, total);
    const editor = () =>
      contact.assigneeId !== null && rng.chance(0.5) ? contact.assigneeId : contact.ownerId;

    for (const [n, event] of events.entries()) {
      const at = times[n]!;
      if (event === 'assign') {
        const admin = people.admins.pickAt(rng, at);
        yield entry(
          parent,
          'edited',
          'assignedTo',
          people.names.get(contact.ownerId) ?? null,
          people.names.get(contact.assigneeId!) ?? null,
          admin.id,
          at,
        );
      } else if (event === 'convert') {
        const user = editor();
        yield entry(parent, 'conversion', 'type', 'LEAD', 'CUSTOMER', user, at);
        // The conversion dialog asks for what the lead lacked and records each filled field.
        for (const [field, value] of [
          ['nationality', contact.nationality],
          ['residency', contact.residency],
          ['gender', contact.gender],
        ] as const) {
          if (value && rng.chance(0.4)) yield entry(parent, 'edited', field, null, value, user, at);
        }
      } else {
        const edit = plainEdit(rng, contact);
        yield entry(parent, 'edited', edit.field, edit.oldValue, edit.newValue, editor(), at);
      }
    }
    if (!contact.isActive) {
      yield entry(
        parent,
        'edited',
        'isActive',
        'true',
        'false',
        people.admins.pickAt(rng, contact.updatedMs).id,
        contact.updatedMs,
      );
    }
  }
}

/**
 * Each partner's history: its edits (commission, office number, e-mail, city) ending on updated_at,
 * or its deactivation; a 'staff' entry naming the contact for every staff member added (and one for
 * those set inactive since); a 'note' entry for every note, with the note's text.
 */
export function* generateAgencyHistory(
  rng: Rng,
  agencies: readonly AgencyFacts[],
  staffByAgency: ReadonlyMap<number, readonly StaffFacts[]>,
  notesByAgency: ReadonlyMap<number, readonly AgencyNote[]>,
  people: People,
): Generator<HistoryInsert> {
  for (const agency of agencies) {
    const parent = { contact_id: null, agency_id: agency.id };
    for (const staff of staffByAgency.get(agency.id) ?? []) {
      yield entry(
        parent,
        'staff',
        'staff',
        null,
        `ADDED: ${staff.position}`,
        people.users.pickAt(rng, staff.createdMs).id,
        staff.createdMs,
        staff.contactId,
      );
      if (!staff.isActive) {
        yield entry(
          parent,
          'staff',
          'staff',
          'ACTIVE',
          'INACTIVE',
          people.admins.pickAt(rng, staff.updatedMs).id,
          staff.updatedMs,
          staff.contactId,
        );
      }
    }
    for (const agencyNote of notesByAgency.get(agency.id) ?? []) {
      yield entry(
        parent,
        'note',
        null,
        null,
        notePlainText(agencyNote.row.content),
        agencyNote.row.user_id,
        agencyNote.atMs,
      );
    }
    if (agency.updatedMs <= agency.createdMs) continue;
    if (!agency.isActive) {
      yield entry(
        parent,
        'edited',
        'isActive',
        'true',
        'false',
        people.admins.pickAt(rng, agency.updatedMs).id,
        agency.updatedMs,
      );
      continue;
    }
    const edits = rng.chance(0.3) ? 2 : 1;
    const times = timeline(rng, agency.createdMs, agency.updatedMs, edits);
    for (const at of times) {
      const user = people.users.pickAt(rng, at).id;
      const field = rng.weighted([
        { value: 'commissionRate', weight: 4 },
        { value: 'officeNumber', weight: 2 },
        { value: 'email', weight: 2 },
        { value: 'city', weight: 1 },
      ]);
      const current = {
        commissionRate: String(basisPointsToPercent(agency.commissionBp)),
        officeNumber: agency.officeNumber,
        email: agency.email,
        city: agency.city,
      }[field];
      const previous = {
        commissionRate: String(rng.pick([2, 3, 4, 5, 6, 8, 10])),
        officeNumber: agency.officeNumber.slice(0, -3) + rng.digits(3),
        email: agency.email.replace('@', `.old@`),
        city: cityIn(rng, agency.country),
      }[field];
      if (previous !== current)
        yield entry(parent, 'edited', field, previous ?? null, current ?? null, user, at);
    }
  }
}

async function loadContactFacts(ctx: SeedContext): Promise<ContactFacts[]> {
  const rows = await ctx.db
    .selectFrom('contacts')
    .select([
      'id',
      'type',
      'is_active',
      'created_at',
      'updated_at',
      'owner_id',
      'assigned_to_id',
      'agency_id',
      'phone',
      'email',
      'city',
      'residency',
      'nationality',
      'gender',
      'budget_pence',
      'occupation',
    ])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    isActive: row.is_active === 1,
    createdMs: Date.parse(row.created_at),
    updatedMs: Date.parse(row.updated_at),
    ownerId: row.owner_id,
    assigneeId: row.assigned_to_id,
    agencyId: row.agency_id,
    phone: row.phone,
    email: row.email,
    city: row.city,
    residency: row.residency,
    nationality: row.nationality,
    gender: row.gender,
    budgetPence: Number(row.budget_pence),
    occupation: row.occupation,
  }));
}

async function loadAgencyFacts(ctx: SeedContext): Promise<AgencyFacts[]> {
  const rows = await ctx.db
    .selectFrom('agencies')
    .select([
      'id',
      'is_active',
      'created_at',
      'updated_at',
      'commission_bp',
      'city',
      'country',
      'office_number',
      'email',
    ])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    isActive: row.is_active === 1,
    createdMs: Date.parse(row.created_at),
    updatedMs: Date.parse(row.updated_at),
    commissionBp: row.commission_bp,
    city: row.city,
    country: row.country,
    officeNumber: row.office_number,
    email: row.email,
  }));
}

async function loadStaffByAgency(ctx: SeedContext): Promise<Map<number, StaffFacts[]>> {
  const rows = await ctx.db
    .selectFrom('agency_staff')
    .select(['agency_id', 'contact_id', 'position', 'is_active', 'created_at', 'updated_at'])
    .orderBy('id')
    .execute();
  const byAgency = new Map<number, StaffFacts[]>();
  for (const row of rows) {
    const list = byAgency.get(row.agency_id) ?? [];
    list.push({
      agencyId: row.agency_id,
      contactId: row.contact_id,
      position: row.position,
      isActive: row.is_active === 1,
      createdMs: Date.parse(row.created_at),
      updatedMs: Date.parse(row.updated_at),
    });
    byAgency.set(row.agency_id, list);
  }
  return byAgency;
}

/**
 * Notes and history for the contacts and partners already seeded (and the partners' staff): sized
 * by them, so it has no count of its own.
 */
export async function seedActivity(ctx: SeedContext): Promise<SeedResult> {
  const started = performance.now();
  const rng = ctx.rng.fork('activity');
  const activeUsers = await loadActiveUsers(ctx.db);
  const admins = activeUsers.filter((user) => user.role === 'admin');
  const people: People = {
    names: await loadUserNames(ctx.db),
    users: new ExistingAt(activeUsers),
    admins: new ExistingAt(admins.length > 0 ? admins : activeUsers),
  };
  const contacts = await loadContactFacts(ctx);
  const agencies = await loadAgencyFacts(ctx);
  const agencyNotes = planAgencyNotes(rng.fork('agency-notes'), agencies, people, ctx.until);

  const notesBatch = batchFor(8, ctx.batch);
  const insertNotes = (trx: SeedContext['db'], batch: NoteInsert[]) =>
    trx.insertInto('notes').values(batch).execute();
  let notes = await insertInBatches(
    ctx.db,
    generateContactNotes(rng.fork('contact-notes'), contacts, ctx.until),
    insertNotes,
    notesBatch,
  );
  notes += await insertInBatches(
    ctx.db,
    agencyNotes.map((n) => n.row),
    insertNotes,
    notesBatch,
  );
  const notesMs = performance.now() - started;

  const historyStarted = performance.now();
  const notesByAgency = new Map<number, AgencyNote[]>();
  for (const agencyNote of agencyNotes) {
    const list = notesByAgency.get(agencyNote.agencyId) ?? [];
    list.push(agencyNote);
    notesByAgency.set(agencyNote.agencyId, list);
  }
  const historyBatch = batchFor(10, ctx.batch);
  const insertHistoryRows = (trx: SeedContext['db'], batch: HistoryInsert[]) =>
    trx.insertInto('history').values(batch).execute();
  let history = await insertInBatches(
    ctx.db,
    generateContactHistory(rng.fork('contact-history'), contacts, people),
    insertHistoryRows,
    historyBatch,
  );
  history += await insertInBatches(
    ctx.db,
    generateAgencyHistory(
      rng.fork('agency-history'),
      agencies,
      await loadStaffByAgency(ctx),
      notesByAgency,
      people,
    ),
    insertHistoryRows,
    historyBatch,
  );
  return {
    table: 'notes',
    rows: notes,
    ms: notesMs,
    also: [{ table: 'history', rows: history, ms: performance.now() - historyStarted }],
  };
}
