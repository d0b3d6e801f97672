import { type AgencyForm, agencyMessages } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { findAgency } from '../agencies/agencies.repository.js';
import { type Agency, applyAgencyEdit, toAgency } from '../agencies/agencies.service.js';
import { refreshAgencyOnContacts } from '../contacts/contacts.service.js';
import { insertHistory } from '../history/history.repository.js';
import { lockVersion } from '../versions/versions.repository.js';
import type { Side } from './contact-merge.service.js';
import {
  fieldsEditedSince,
  findMerge,
  insertMerge,
  laterMerge,
  type MovedRows,
  markUndone,
  mergesOf,
  moveAgencyLinks,
  moveBack,
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

export const AGENCY_MERGE_FIELDS = [
  'name',
  'officeNumber',
  'email',
  'commissionRate',
  'country',
  'city',
  'type',
  'parentAgencyId',
] as const;
type MergeField = (typeof AGENCY_MERGE_FIELDS)[number];

/** Labels as the partner screens show them; history field names are the same keys. */
const LABELS: Record<string, string> = {
  name: 'Agency Name',
  officeNumber: 'Office Number',
  countryCode: 'Office Number',
  email: 'Email',
  commissionRate: 'Commission Rate',
  country: 'Country',
  city: 'City',
  type: 'Size',
  parentAgency: 'Parent Agency',
  parentAgencyId: 'Parent Agency',
};
const historyField = (field: MergeField) => (field === 'parentAgencyId' ? 'parentAgency' : field);

interface AgencyMergeSnapshot {
  survivorBefore: Agency;
  changedFields: string[];
  moved: MovedRows;
}

function shown(agency: Agency, field: MergeField): string | null {
  if (field === 'parentAgencyId') return agency.parentAgency?.name ?? null;
  const value = agency[field];
  return isEmptyValue(value) ? null : String(value);
}

async function activeAgency(trx: Db, id: number) {
  const state = await lockVersion(trx, 'agencies', id);
  const row = state && (await findAgency(trx, id));
  if (!row) throw notFound(agencyMessages.agencyNotFound);
  if (row.is_active !== 1) throw conflict(mergeMessages.inactive);
  return toAgency(row);
}

export interface AgencyMergeInput {
  survivorId: number;
  otherId: number;
  choices: Partial<Record<MergeField, Side>>;
  dryRun: boolean;
}

/**
 * Merges agency `otherId` into `survivorId` in one transaction: chosen values through the agencies'
 * update path; notes, files, history, staff, customers, child agencies and sales reps move; the
 * other is deactivated and points at the survivor; one history entry on each.
 */
export async function mergeAgencies(ctx: AppContext, actor: Actor, input: AgencyMergeInput) {
  if (input.survivorId === input.otherId) throw badRequest(mergeMessages.sameRecord);
  return inTransaction(ctx.db, input.dryRun, async (trx) => {
    const [first, second] = [input.survivorId, input.otherId].sort((a, b) => a - b) as [number, number];
    const a = await activeAgency(trx, first);
    const b = await activeAgency(trx, second);
    const survivor = a.id === input.survivorId ? a : b;
    const other = a.id === input.survivorId ? b : a;
    const survivorIsNewer = survivor.updatedAt >= other.updatedAt;
    const fields = AGENCY_MERGE_FIELDS.flatMap((field) => {
      if (JSON.stringify(survivor[field]) === JSON.stringify(other[field])) return [];
      // An agency cannot become its own parent: the other's parent link to the survivor stays out.
      if (field === 'parentAgencyId' && other.parentAgencyId === survivor.id) return [];
      const chosen = input.choices[field] ?? preselect(survivor[field], other[field], survivorIsNewer);
      return [
        {
          field,
          label: LABELS[field] ?? field,
          survivorValue: shown(survivor, field),
          otherValue: shown(other, field),
          chosen,
        },
      ];
    });
    const chosenFields: Partial<AgencyForm> = {};
    for (const { field, chosen } of fields) {
      if (chosen === 'other') Object.assign(chosenFields, { [field]: other[field] });
    }
    if (chosenFields.officeNumber !== undefined) chosenFields.countryCode = other.countryCode;

    const at = nowIso();
    const { changes } = await applyAgencyEdit(
      trx,
      actor,
      survivor.id,
      { version: undefined, fields: chosenFields },
      false,
    );
    const records = await moveRecords(trx, 'agency', other.id, survivor.id);
    const links = await moveAgencyLinks(trx, other.id, survivor.id);
    const moved: MovedRows = { ...records, ...links };
    await setMergedInto(trx, 'agency', other.id, survivor.id, false, at);
    const after = toAgency((await findAgency(trx, survivor.id))!);
    if (moved.customers.length > 0) await refreshAgencyOnContacts(trx, survivor.id, after.name);
    const label = (agency: Agency) => `${agency.name} (#${agency.id})`;
    await insertHistory(
      trx,
      { kind: 'agency', id: survivor.id },
      actor.user.id,
      [{ kind: 'edited', field: 'mergedWith', oldValue: null, newValue: label(other) }],
      at,
    );
    await insertHistory(
      trx,
      { kind: 'agency', id: other.id },
      actor.user.id,
      [{ kind: 'edited', field: 'mergedInto', oldValue: null, newValue: label(survivor) }],
      at,
    );
    const snapshot: AgencyMergeSnapshot = {
      survivorBefore: survivor,
      changedFields: changes.flatMap((change) => (change.field ? [change.field] : [])),
      moved,
    };
    const mergeId = await insertMerge(trx, {
      kind: 'agency',
      survivorId: survivor.id,
      mergedId: other.id,
      userId: actor.user.id,
      snapshot: JSON.stringify(snapshot),
      at,
    });
    return {
      dryRun: input.dryRun,
      mergeId: input.dryRun ? null : mergeId,
      survivor: after,
      merged: { id: other.id, name: other.name },
      fields,
      moved: {
        notes: moved.notes.length,
        files: moved.files.length,
        history: moved.history.length,
        staff: moved.staff.length,
        customers: moved.customers.length,
        childAgencies: moved.children.length,
        salesReps: moved.reps.length,
      },
    };
  });
}

/** Undoes an agency merge within 30 days, unless the survivor's merged fields were edited since. */
export async function undoAgencyMerge(ctx: AppContext, actor: Actor, mergeId: number) {
  const merge = await findMerge(ctx.db, mergeId);
  if (merge?.kind !== 'agency') throw notFound(mergeMessages.notFound);
  checkUndoable(merge, new Date());
  if (await laterMerge(ctx.db, merge)) throw conflict(mergeMessages.laterMerge);
  const snapshot = JSON.parse(merge.snapshot) as AgencyMergeSnapshot;
  const edited = await fieldsEditedSince(ctx.db, 'agency', merge.survivor_id, merge.created_at);
  refuseEditedFields(
    edited.filter((field) => snapshot.changedFields.includes(field)),
    LABELS,
  );
  const restored: Partial<AgencyForm> = {};
  for (const field of AGENCY_MERGE_FIELDS) {
    if (snapshot.changedFields.includes(historyField(field))) {
      Object.assign(restored, { [field]: snapshot.survivorBefore[field] });
    }
  }
  if (restored.officeNumber !== undefined) restored.countryCode = snapshot.survivorBefore.countryCode;
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await applyAgencyEdit(trx, actor, merge.survivor_id, { version: undefined, fields: restored }, false);
    await moveBack(trx, 'agency', snapshot.moved, merge.merged_id, merge.survivor_id);
    await setMergedInto(trx, 'agency', merge.merged_id, null, true, at);
    const other = await findAgency(trx, merge.merged_id);
    if (other && snapshot.moved.customers.length > 0)
      await refreshAgencyOnContacts(trx, other.id, other.name);
    for (const [id, otherId] of [
      [merge.survivor_id, merge.merged_id],
      [merge.merged_id, merge.survivor_id],
    ] as const) {
      await insertHistory(
        trx,
        { kind: 'agency', id },
        actor.user.id,
        [{ kind: 'edited', field: 'mergeUndone', oldValue: null, newValue: `#${otherId}` }],
        at,
      );
    }
    await markUndone(trx, merge.id, actor.user.id, at);
  });
  return {
    survivor: toAgency((await findAgency(ctx.db, merge.survivor_id))!),
    restored: toAgency((await findAgency(ctx.db, merge.merged_id))!),
  };
}

export async function agencyMerges(ctx: AppContext, id: number) {
  const rows = await mergesOf(ctx.db, 'agency', id);
  return rows.map((row) => ({
    id: row.id,
    survivorId: row.survivor_id,
    mergedId: row.merged_id,
    mergedAt: row.created_at,
    by: row.user_name,
    undoneAt: row.undone_at,
  }));
}
