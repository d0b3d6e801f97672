import {
  CONVERSION_FIELDS,
  type ContactFields,
  type ContactType,
  callingCodeOf,
  completeness,
  contactDuplicateKeys,
  contactRuleIssues,
  foldCase,
  ID_MAX,
  contactMessages as m,
  missingConversionFields,
  nationalPhoneKey,
} from '@crm/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { type ListResult, parseListQuery } from '../../db/list-query.js';
import { type Actor, isAdmin } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { richTextToPlain, sanitizeRichText } from '../../lib/sanitize.js';
import { nowIso } from '../../lib/time.js';
import type { AudiencedEvent } from '../events/event-types.js';
import { filesOf } from '../files/files.service.js';
import { type HistoryEntryWrite, insertHistory, insertHistoryBatch } from '../history/history.repository.js';
import { changedFields, type HistoryValue } from '../history/history.service.js';
import { contactAssigned, notify } from '../notifications/notifications.service.js';
import type { ParentRef } from '../parents.js';
import { lockVersion } from '../versions/versions.repository.js';
import { assertFresh, type Edit, refusingStale, versionColumns } from '../versions/versions.service.js';
import {
  type Contact,
  type ContactListRow,
  poundsToPence,
  toContact,
  toContactListRow,
} from './contact-mapper.js';
import {
  type ContactRow,
  contactListSpec,
  contactsOfAgency,
  findActiveUserName,
  findAgencyName,
  findContact,
  findDuplicateCandidates,
  insertContacts,
  listContacts,
  mergedIntoOf,
  updateContact,
} from './contacts.repository.js';
import type { contactDetailResponse, duplicateResponse } from './contacts.schemas.js';

const CONVERSION_MESSAGES = {
  nationality: m.nationalityRequired,
  residency: m.residencyRequired,
  source: m.sourceRequired,
  gender: m.genderRequired,
} as const;

/** The fields an edit compares, in the order the history lists them. */
const EDITABLE_FIELDS = [
  'name',
  'surname',
  'phone',
  'countryCode',
  'email',
  'agency',
  'source',
  'nationality',
  'residency',
  'gender',
  'passportNumber',
  'birthday',
  'trIdNumber',
  'city',
  'occupation',
  'maritalStatus',
  'numberOfChildren',
  'educationLevel',
  'incomeLevel',
  'budget',
  'preferredPayment',
  'serviceCategory',
  'roomNumber',
  'notes',
] as const;

/** A contact as an edit compares it: plain values, the agency by name, notes as their HTML. */
function snapshot(contact: Contact): Record<string, HistoryValue> {
  const { owner: _owner, assignedTo: _assignedTo, agency, ...plain } = contact;
  return { ...plain, agency: agency?.name ?? null };
}

/** The history reads notes as text; a change of formatting alone still shows as an entry. */
function readableNotes(entry: HistoryEntryWrite): HistoryEntryWrite {
  if (entry.field !== 'notes') return entry;
  const text = (html: string | null) => (html ? richTextToPlain(html).trim() || null : null);
  return { ...entry, oldValue: text(entry.oldValue), newValue: text(entry.newValue) };
}

/** A contact the caller may see: inactive ones exist only for admins. */
async function visibleContact(ctx: AppContext, actor: Actor, id: number): Promise<ContactRow> {
  const row = await findContact(ctx.db, id);
  if (!row || (row.is_active !== 1 && !isAdmin(actor))) throw notFound(m.contactNotFound);
  return row;
}

export async function ensureContactVisible(ctx: AppContext, id: number, admin: boolean): Promise<void> {
  const row = await findContact(ctx.db, id);
  if (!row || (row.is_active !== 1 && !admin)) throw notFound(m.contactNotFound);
}

function failWith(issues: { path: string[]; message: string }[]): never {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.join('.')] ??= issue.message;
  throw badRequest(issues[0]?.message ?? 'Invalid contact', fields);
}

async function agencyNameFor(
  db: Db,
  agencyId: number | null,
  current: number | null,
): Promise<string | null> {
  if (agencyId === null) return null;
  const agency = await findAgencyName(db, agencyId);
  // An agency deactivated later stays on the contacts it already had; new links need an active one.
  if (!agency || (!agency.isActive && agencyId !== current)) {
    throw badRequest(m.agencyNotFound, { agencyId: m.agencyNotFound });
  }
  return agency.name;
}

function cleanNotes(html: string): string {
  const clean = sanitizeRichText(html);
  if (richTextToPlain(clean).trim().length > 1000) throw badRequest(m.notesMax, { notes: m.notesMax });
  return richTextToPlain(clean).trim() ? clean : '';
}

/** The stored columns of a contact's fields, with its sort keys, search text and completeness. */
function contactColumns(fields: ContactFields, names: { agency: string | null }) {
  const source = fields.agencyId === null ? fields.source : null;
  const countryCode = fields.countryCode ?? callingCodeOf(fields.phone);
  return {
    name: fields.name,
    surname: fields.surname,
    phone: fields.phone,
    country_code: countryCode,
    email: fields.email,
    nationality: fields.nationality,
    residency: fields.residency,
    gender: fields.gender,
    passport_number: fields.passportNumber,
    birthday: fields.birthday,
    tr_id_number: fields.trIdNumber,
    city: fields.city,
    occupation: fields.occupation,
    marital_status: fields.maritalStatus,
    number_of_children: fields.numberOfChildren,
    education_level: fields.educationLevel,
    income_level: fields.incomeLevel,
    budget_pence: poundsToPence(fields.budget),
    preferred_payment: fields.preferredPayment,
    service_category: fields.serviceCategory,
    room_number: fields.roomNumber,
    source,
    notes: cleanNotes(fields.notes),
    agency_id: fields.agencyId,
    completeness: completeness(fields),
    name_key: foldCase(`${fields.name} ${fields.surname}`),
    email_key: fields.email ? foldCase(fields.email) : '',
    surname_key: foldCase(fields.surname.trim()),
    phone_key: nationalPhoneKey(fields.phone),
    passport_key: fields.passportNumber ? foldCase(fields.passportNumber.trim()) : '',
    agency_key: names.agency ? foldCase(names.agency) : '',
    search_text: searchText(fields, names.agency),
  };
}

export function searchText(
  fields: { name: string; surname: string; email: string | null; phone: string },
  agencyName: string | null,
): string {
  return foldCase(
    [`${fields.name} ${fields.surname}`, fields.email ?? '', fields.phone, agencyName ?? ''].join('\n'),
  );
}

export async function createContact(
  ctx: AppContext,
  actor: Actor,
  input: ContactFields & { type: ContactType },
): Promise<Contact> {
  const agency = await agencyNameFor(ctx.db, input.agencyId, null);
  const at = nowIso();
  const id = await ctx.db
    .transaction()
    .execute((trx) => insertNewContact(trx, { owner: actor.user, assignee: actor.user, agency }, input, at));
  return toContact((await findContact(ctx.db, id))!);
}

/**
 * Writes a new contact and its "created" history entry in the caller's transaction: the form's
 * create and an import's batches share it. The agency name must be of an active agency.
 */
export async function insertNewContact(
  trx: Db,
  people: NewContactPeople,
  input: ContactFields & { type: ContactType },
  at: string,
): Promise<number> {
  const [id] = await insertNewContacts(trx, [{ people, input }], at);
  return id as number;
}

export interface NewContactPeople {
  owner: { id: number; name: string };
  assignee: { id: number; name: string };
  agency: string | null;
}

/** Many new contacts and their "created" entries in a few statements (an import's batch). */
export async function insertNewContacts(
  trx: Db,
  items: { people: NewContactPeople; input: ContactFields & { type: ContactType } }[],
  at: string,
): Promise<number[]> {
  if (items.length === 0) return [];
  const ids = await insertContacts(
    trx,
    items.map(({ people, input }) => ({
      ...contactColumns(input, { agency: people.agency }),
      type: input.type,
      owner_id: people.owner.id,
      assigned_to_id: people.assignee.id,
      owner_key: foldCase(people.owner.name),
      assignee_key: foldCase(people.assignee.name),
      is_active: 1,
      created_at: at,
      updated_at: at,
    })),
  );
  await insertHistoryBatch(
    trx,
    items.map(({ people, input }, i) => ({
      parent: { kind: 'contact', id: ids[i] as number },
      userId: people.owner.id,
      entry: { kind: 'created', field: null, oldValue: null, newValue: input.type },
    })),
    at,
  );
  return ids;
}

/** The fields of a stored contact, as an edit would send them. */
function fieldsOf(contact: Contact): ContactFields {
  const {
    id: _id,
    type: _type,
    agency: _agency,
    owner: _owner,
    assignedToId: _assignedToId,
    assignedTo: _assignedTo,
    completeness: _completeness,
    isActive: _isActive,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    version: _version,
    ...fields
  } = contact;
  return fields as ContactFields;
}

/**
 * Every edit of a contact: the row is locked and read inside the write's transaction, so the
 * history's old values are the values replaced and each entry's old value is the previous entry's
 * new value, however many people write at once. An edit made against an older version is refused
 * (409) only when a field it changes was changed since.
 */
export async function updateContactFields(
  ctx: AppContext,
  actor: Actor,
  id: number,
  edit: Edit<ContactFields>,
): Promise<Contact> {
  await refusingStale(
    () => ctx.db.transaction().execute((trx) => applyContactEdit(trx, actor, id, edit, nowIso())),
    () => contactDetail(ctx, actor, id),
  );
  return toContact((await findContact(ctx.db, id))!);
}

/**
 * The body of every contact edit, inside the caller's transaction (the edit dialog's, or an import
 * batch's with its other rows): lock, read, check the rules and the version, write and record.
 */
export async function applyContactEdit(
  trx: Db,
  actor: Actor,
  id: number,
  edit: Edit<ContactFields>,
  at: string,
): Promise<void> {
  const state = await lockVersion(trx, 'contacts', id);
  const existing = state && (await findContact(trx, id));
  if (!state || !existing || (existing.is_active !== 1 && !isAdmin(actor))) throw notFound(m.contactNotFound);
  const input: ContactFields = { ...fieldsOf(toContact(existing)), ...edit.fields };
  const { columns, changes } = await prepareContactUpdate(trx, existing, input);
  const changing = changes.map((change) => change.field as string);
  assertFresh('contact', state, edit.version, changing);
  if (changes.length === 0) return;
  await updateContact(trx, id, {
    ...columns,
    ...versionColumns(state, changing, actor.user.id),
    updated_at: at,
  });
  await insertHistory(trx, { kind: 'contact', id }, actor.user.id, changes, at);
}

/**
 * The one way a contact's fields change (the edit dialog, a merge and its undo): the rules for its
 * type, the agency, every stored column with its keys, and the history entries of what differs.
 */
export async function prepareContactUpdate(db: Db, existing: ContactRow, input: ContactFields) {
  const issues = contactRuleIssues(input, existing.type as ContactType);
  if (issues.length > 0) failWith(issues);
  const agency = await agencyNameFor(db, input.agencyId, existing.agency_id);
  const columns = contactColumns(input, { agency });
  const before = toContact(existing);
  const after: Contact = {
    ...before,
    ...input,
    countryCode: columns.country_code,
    source: columns.source,
    notes: columns.notes,
    agency: input.agencyId !== null && agency !== null ? { id: input.agencyId, name: agency } : null,
  };
  const changes = changedFields(snapshot(before), snapshot(after), EDITABLE_FIELDS).map(readableNotes);
  return { columns, changes, before };
}

/**
 * Converts a lead: the fields among nationality, residency, source and gender that are empty on
 * the contact are taken from the request, and the conversion is refused while any stays empty.
 */
export async function convertContact(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: Partial<Record<(typeof CONVERSION_FIELDS)[number], string | null>>,
): Promise<Contact> {
  const existing = await visibleContact(ctx, actor, id);
  if (existing.type === 'CUSTOMER') throw conflict(m.alreadyCustomer);
  const before = toContact(existing);
  const merged = { ...before };
  for (const field of missingConversionFields(before)) merged[field] = input[field] ?? null;
  const missing = missingConversionFields(merged);
  if (missing.length > 0) {
    failWith(missing.map((field) => ({ path: [field], message: CONVERSION_MESSAGES[field] })));
  }
  const filled = changedFields(snapshot(before), snapshot(merged), CONVERSION_FIELDS);
  const entries: HistoryEntryWrite[] = [
    { kind: 'conversion', field: 'type', oldValue: 'LEAD', newValue: 'CUSTOMER' },
    ...filled,
  ];
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await updateContact(trx, id, {
      type: 'CUSTOMER',
      nationality: merged.nationality,
      residency: merged.residency,
      source: merged.source,
      gender: merged.gender,
      completeness: completeness(merged),
      updated_at: at,
    });
    await insertHistory(trx, { kind: 'contact', id }, actor.user.id, entries, at);
  });
  return toContact((await findContact(ctx.db, id))!);
}

/** Deactivation and the detail screen's delete are the same soft delete (admin only). */
export async function deactivateContact(ctx: AppContext, actor: Actor, id: number): Promise<Contact> {
  const existing = await visibleContact(ctx, actor, id);
  if (existing.is_active !== 1) return toContact(existing);
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await updateContact(trx, id, { is_active: 0, updated_at: at });
    await insertHistory(
      trx,
      { kind: 'contact', id },
      actor.user.id,
      [{ kind: 'edited', field: 'isActive', oldValue: 'true', newValue: 'false' }],
      at,
    );
  });
  return toContact((await findContact(ctx.db, id))!);
}

export async function assignContact(
  ctx: AppContext,
  actor: Actor,
  id: number,
  assignedToId: number,
): Promise<Contact> {
  const events = await ctx.db
    .transaction()
    .execute((trx) => applyContactAssignment(trx, actor, id, assignedToId, nowIso()));
  ctx.events.publish(...events);
  return toContact((await findContact(ctx.db, id))!);
}

/**
 * Gives a contact to a user inside the caller's transaction (the assign action's, or an import
 * batch's) and answers the bell's events, to publish once the transaction has committed.
 */
export async function applyContactAssignment(
  trx: Db,
  actor: Actor,
  id: number,
  assignedToId: number,
  at: string,
): Promise<AudiencedEvent[]> {
  const existing = await findContact(trx, id);
  if (!existing || (existing.is_active !== 1 && !isAdmin(actor))) throw notFound(m.contactNotFound);
  const name = await findActiveUserName(trx, assignedToId);
  if (name === undefined) throw badRequest(m.assigneeNotFound, { assignedToId: m.assigneeNotFound });
  if (existing.assigned_to_id === assignedToId) return [];
  await updateContact(trx, id, {
    assigned_to_id: assignedToId,
    assignee_key: foldCase(name),
    updated_at: at,
  });
  await insertHistory(
    trx,
    { kind: 'contact', id },
    actor.user.id,
    [{ kind: 'edited', field: 'assignedTo', oldValue: existing.assignee_name, newValue: name }],
    at,
  );
  const contactName = `${existing.name} ${existing.surname}`;
  return notify(trx, contactAssigned(actor, assignedToId, id, contactName), at);
}

export async function contactDetail(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<z.output<typeof contactDetailResponse>> {
  const row = await visibleContact(ctx, actor, id);
  const parent: ParentRef = { kind: 'contact', id };
  return { ...toContact(row), files: await filesOf(ctx, actor, parent) };
}

export async function contactDuplicates(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<z.output<typeof duplicateResponse>[]> {
  const row = await visibleContact(ctx, actor, id);
  return matchContactDuplicates(ctx.db, row, id);
}

/**
 * Active contacts matching the specification's rule (001 §5): the trimmed, case-insensitive name
 * with surname, or the e-mail, or the phone. Serves the saved record's banner and the forms while
 * they are typed (`excludeId` 0 for a record not saved yet).
 */
export async function matchContactDuplicates(
  db: Db,
  fields: { name: string; surname: string; email: string | null; phone: string },
  excludeId: number,
): Promise<z.output<typeof duplicateResponse>[]> {
  const keys = contactDuplicateKeys(fields);
  const hasName = fields.name.trim() !== '' && fields.surname.trim() !== '';
  if (!hasName && !keys.email && !keys.phone) return [];
  const candidates = await findDuplicateCandidates(db, excludeId, {
    nameKey: hasName ? keys.fullName : null,
    emailKey: keys.email,
    phone: keys.phone,
  });
  return candidates.map((other) => {
    const otherKeys = contactDuplicateKeys(other);
    const matchedOn: ('name' | 'email' | 'phone')[] = [];
    if (hasName && otherKeys.fullName === keys.fullName) matchedOn.push('name');
    if (keys.email && otherKeys.email === keys.email) matchedOn.push('email');
    if (keys.phone && otherKeys.phone === keys.phone) matchedOn.push('phone');
    return {
      id: other.id,
      type: other.type as ContactType,
      name: other.name,
      surname: other.surname,
      email: other.email,
      phone: other.phone,
      matchedOn,
    };
  });
}

/** The contact a merged one was merged into: links to it land there. */
export function mergedInto(ctx: AppContext, id: number): Promise<number | null> {
  return mergedIntoOf(ctx.db, id);
}

export function parseContactType(raw: unknown): ContactType | undefined {
  if (raw === undefined || raw === '') return undefined;
  const upper = String(raw).toUpperCase();
  if (upper === 'LEAD' || upper === 'CUSTOMER') return upper;
  throw badRequest('type must be lead or customer');
}

export async function listContactsFor(
  ctx: AppContext,
  rawQuery: Record<string, unknown>,
): Promise<ListResult<ContactListRow>> {
  const { type, agencyId, ...rest } = rawQuery;
  let agency: number | undefined;
  if (agencyId !== undefined) {
    agency = Number(agencyId);
    if (!Number.isInteger(agency) || agency <= 0 || agency > ID_MAX)
      throw badRequest('agencyId must be a positive number');
  }
  const query = parseListQuery(rest, contactListSpec);
  const page = await listContacts(ctx.db, { type: parseContactType(type), agencyId: agency }, query);
  return { ...page, rows: page.rows.map(toContactListRow) };
}

/** An agency's new name reaches its contacts' sort key and search text. */
export async function refreshAgencyOnContacts(db: Db, agencyId: number, agencyName: string): Promise<void> {
  for (const contact of await contactsOfAgency(db, agencyId)) {
    await updateContact(db, contact.id, {
      agency_key: foldCase(agencyName),
      search_text: searchText(contact, agencyName),
    });
  }
}
