import type { ContactFields } from '@crm/domain';
import { contactMessages } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { richTextToPlain } from '../../lib/sanitize.js';
import { nowIso } from '../../lib/time.js';
import { type Contact, toContact } from '../contacts/contact-mapper.js';
import { type ContactRow, findContact, updateContact } from '../contacts/contacts.repository.js';
import { prepareContactUpdate } from '../contacts/contacts.service.js';
import { insertHistory } from '../history/history.repository.js';
import { lockVersion } from '../versions/versions.repository.js';
import { versionColumns } from '../versions/versions.service.js';
import {
  fieldsEditedSince,
  findMerge,
  insertMerge,
  laterMerge,
  type MovedRows,
  markUndone,
  mergesOf,
  moveBack,
  moveContactStaff,
  moveRecords,
  setMergedInto,
} from './merge.repository.js';
import {
  checkUndoable,
  inTransaction,
  isEmptyValue,
  mergeMessages,
  preselect,
  refuseEditedFields,
} from './merge-rules.js';

/** The fields a person chooses between, in the order the merge screen shows them. */
export const CONTACT_MERGE_FIELDS = [
  'name',
  'surname',
  'phone',
  'email',
  'agencyId',
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
type MergeField = (typeof CONTACT_MERGE_FIELDS)[number];
export type Side = 'survivor' | 'other';

/** Field names as the history writes them (the agency by name). */
const historyField = (field: MergeField | 'countryCode') => (field === 'agencyId' ? 'agency' : field);

const LABELS: Record<string, string> = {
  name: 'First Name',
  surname: 'Surname',
  phone: 'Phone',
  countryCode: 'Phone',
  email: 'Email',
  agency: 'Agency',
  source: 'Source',
  nationality: 'Nationality',
  residency: 'Residency',
  gender: 'Gender',
  passportNumber: 'Passport No',
  birthday: 'Birthday',
  trIdNumber: 'T.R ID No',
  city: 'City',
  occupation: 'Occupation',
  maritalStatus: 'Marital Status',
  numberOfChildren: 'Number of Children',
  educationLevel: 'Education Level',
  incomeLevel: 'Income Level',
  budget: 'Budget',
  preferredPayment: 'Preferred Payment',
  serviceCategory: 'Service Category',
  roomNumber: 'Room Number',
  notes: 'Notes',
};

interface ContactMergeSnapshot {
  survivorBefore: Contact;
  otherBefore: { isActive: boolean };
  /** History field names the merge changed on the survivor. */
  changedFields: string[];
  moved: MovedRows;
}

function shown(contact: Contact, field: MergeField): string | null {
  if (field === 'agencyId') return contact.agency?.name ?? null;
  if (field === 'notes') return richTextToPlain(contact.notes).trim() || null;
  const value = contact[field];
  return isEmptyValue(value) ? null : String(value);
}

function fieldsOf(contact: Contact): ContactFields {
  const picked = Object.fromEntries(
    [...CONTACT_MERGE_FIELDS, 'countryCode'].map((field) => [field, contact[field as keyof Contact]]),
  );
  return picked as unknown as ContactFields;
}

/** Holds the record for the transaction (its version row lock) and reads it under that lock. */
async function activeContact(trx: Db, id: number): Promise<ContactRow> {
  const state = await lockVersion(trx, 'contacts', id);
  const row = state && (await findContact(trx, id));
  if (!row) throw notFound(contactMessages.contactNotFound);
  if (row.is_active !== 1) throw conflict(mergeMessages.inactive);
  return row;
}

export interface ContactMergeInput {
  survivorId: number;
  otherId: number;
  choices: Partial<Record<MergeField, Side>>;
  dryRun: boolean;
}

/**
 * Merges `otherId` into `survivorId` in one transaction: the survivor takes the chosen values
 * (through the contacts' update path), the other's notes, files, history and staff positions
 * move to it, the other is deactivated and points at it, and each gets one history entry. A dry
 * run does all of it and rolls it back, so its answer is exactly what a merge would do.
 */
export async function mergeContacts(ctx: AppContext, actor: Actor, input: ContactMergeInput) {
  if (input.survivorId === input.otherId) throw badRequest(mergeMessages.sameRecord);
  return inTransaction(ctx.db, input.dryRun, async (trx) => {
    // Locked in id order, so two merges of overlapping records cannot deadlock.
    const [first, second] = [input.survivorId, input.otherId].sort((a, b) => a - b) as [number, number];
    const firstRow = await activeContact(trx, first);
    const secondRow = await activeContact(trx, second);
    const survivorRow = firstRow.id === input.survivorId ? firstRow : secondRow;
    const otherRow = firstRow.id === input.survivorId ? secondRow : firstRow;
    return writeMerge(trx, actor, input, survivorRow, otherRow);
  });
}

async function writeMerge(
  trx: Db,
  actor: Actor,
  input: ContactMergeInput,
  survivorRow: ContactRow,
  otherRow: ContactRow,
) {
  const survivor = toContact(survivorRow);
  const other = toContact(otherRow);
  const survivorIsNewer = survivor.updatedAt >= other.updatedAt;

  const fields = CONTACT_MERGE_FIELDS.flatMap((field) => {
    const survivorValue = shown(survivor, field);
    const otherValue = shown(other, field);
    if (JSON.stringify(survivor[field]) === JSON.stringify(other[field])) return [];
    const chosen = input.choices[field] ?? preselect(survivor[field], other[field], survivorIsNewer);
    return [{ field, label: LABELS[historyField(field)] ?? field, survivorValue, otherValue, chosen }];
  });
  const merged = fieldsOf(survivor);
  for (const { field, chosen } of fields) {
    if (chosen === 'other') Object.assign(merged, { [field]: other[field] });
  }
  if (fields.some((f) => f.field === 'phone' && f.chosen === 'other')) merged.countryCode = other.countryCode;

  const at = nowIso();
  const state = (await lockVersion(trx, 'contacts', survivor.id))!;
  const { columns, changes } = await prepareContactUpdate(trx, survivorRow, merged);
  const changing = changes.flatMap((change) => (change.field ? [change.field] : []));
  if (changes.length > 0) {
    await updateContact(trx, survivor.id, {
      ...columns,
      ...versionColumns(state, changing, actor.user.id),
      updated_at: at,
    });
  }
  const records = await moveRecords(trx, 'contact', other.id, survivor.id);
  const staff = await moveContactStaff(trx, other.id, survivor.id);
  const moved: MovedRows = { ...records, ...staff, customers: [], children: [], reps: [] };
  await setMergedInto(trx, 'contact', other.id, survivor.id, false, at);
  const name = (c: Contact) => `${c.name} ${c.surname} (#${c.id})`;
  await insertHistory(
    trx,
    { kind: 'contact', id: survivor.id },
    actor.user.id,
    [{ kind: 'edited', field: 'mergedWith', oldValue: null, newValue: name(other) }],
    at,
  );
  await insertHistory(
    trx,
    { kind: 'contact', id: other.id },
    actor.user.id,
    [{ kind: 'edited', field: 'mergedInto', oldValue: null, newValue: name(survivor) }],
    at,
  );
  const snapshot: ContactMergeSnapshot = {
    survivorBefore: survivor,
    otherBefore: { isActive: true },
    changedFields: changes.flatMap((change) => (change.field ? [change.field] : [])),
    moved,
  };
  const mergeId = await insertMerge(trx, {
    kind: 'contact',
    survivorId: survivor.id,
    mergedId: other.id,
    userId: actor.user.id,
    snapshot: JSON.stringify(snapshot),
    at,
  });
  const after = toContact((await findContact(trx, survivor.id))!);
  return {
    dryRun: input.dryRun,
    mergeId: input.dryRun ? null : mergeId,
    survivor: after,
    merged: { id: other.id, name: other.name, surname: other.surname },
    fields,
    moved: {
      notes: moved.notes.length,
      files: moved.files.length,
      history: moved.history.length,
      staffPositions: moved.staff.length,
      staffDeactivated: moved.staffDeactivated.length,
      partnerCustomer: fields.some((f) => f.field === 'agencyId' && f.chosen === 'other'),
    },
  };
}

/**
 * Undoes a contact merge within 30 days: the survivor's merged fields get their old values back,
 * what moved goes back, and the other record is active again. Refused when the survivor's merged
 * fields were edited since (they are named) or a later merge involves either record.
 */
export async function undoContactMerge(ctx: AppContext, actor: Actor, mergeId: number) {
  const merge = await findMerge(ctx.db, mergeId);
  if (merge?.kind !== 'contact') throw notFound(mergeMessages.notFound);
  checkUndoable(merge, new Date());
  if (await laterMerge(ctx.db, merge)) throw conflict(mergeMessages.laterMerge);
  const snapshot = JSON.parse(merge.snapshot) as ContactMergeSnapshot;
  const edited = await fieldsEditedSince(ctx.db, 'contact', merge.survivor_id, merge.created_at);
  refuseEditedFields(
    edited.filter((field) => snapshot.changedFields.includes(field)),
    LABELS,
  );
  const survivorRow = await findContact(ctx.db, merge.survivor_id);
  if (!survivorRow) throw notFound(contactMessages.contactNotFound);

  const restored = fieldsOf(toContact(survivorRow));
  for (const field of [...CONTACT_MERGE_FIELDS, 'countryCode' as const]) {
    if (snapshot.changedFields.includes(historyField(field))) {
      Object.assign(restored, { [field]: fieldsOf(snapshot.survivorBefore)[field] });
    }
  }
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const state = (await lockVersion(trx, 'contacts', merge.survivor_id))!;
    const { columns, changes } = await prepareContactUpdate(trx, survivorRow, restored);
    const changing = changes.flatMap((change) => (change.field ? [change.field] : []));
    if (changes.length > 0) {
      await updateContact(trx, merge.survivor_id, {
        ...columns,
        ...versionColumns(state, changing, actor.user.id),
        updated_at: at,
      });
    }
    await moveBack(trx, 'contact', snapshot.moved, merge.merged_id, merge.survivor_id);
    await setMergedInto(trx, 'contact', merge.merged_id, null, snapshot.otherBefore.isActive, at);
    for (const [id, otherId] of [
      [merge.survivor_id, merge.merged_id],
      [merge.merged_id, merge.survivor_id],
    ] as const) {
      await insertHistory(
        trx,
        { kind: 'contact', id },
        actor.user.id,
        [{ kind: 'edited', field: 'mergeUndone', oldValue: null, newValue: `#${otherId}` }],
        at,
      );
    }
    await markUndone(trx, merge.id, actor.user.id, at);
  });
  return {
    survivor: toContact((await findContact(ctx.db, merge.survivor_id))!),
    restored: toContact((await findContact(ctx.db, merge.merged_id))!),
  };
}

/** The merges a contact took part in, with whether each can still be undone. */
export async function contactMerges(ctx: AppContext, id: number) {
  const rows = await mergesOf(ctx.db, 'contact', id);
  return rows.map((row) => ({
    id: row.id,
    survivorId: row.survivor_id,
    mergedId: row.merged_id,
    mergedAt: row.created_at,
    by: row.user_name,
    undoneAt: row.undone_at,
  }));
}
