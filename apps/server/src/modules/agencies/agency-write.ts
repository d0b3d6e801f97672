import {
  type AgencyForm,
  authMessages,
  callingCodeOf,
  foldCase,
  agencyMessages as m,
  nationalPhoneKey,
  percentToBasisPoints,
  searchFold,
} from '@crm/domain';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AgenciesTable } from '../../db/schema.js';
import { isAdmin } from '../../lib/actor.js';
import { badRequest, forbidden, notFound } from '../../lib/http-errors.js';
import { everyone } from '../events/event-types.js';
import { type HistoryEntryWrite, insertHistory } from '../history/history.repository.js';
import { changedFields, type HistoryValue } from '../history/history.service.js';
import type { WriteScope } from '../records/write-scope.js';
import { activeUsersAmong } from '../users/user-reads.js';
import { lockVersion } from '../versions/versions.repository.js';
import { assertFresh, versionColumns } from '../versions/versions.service.js';
import {
  findAgency,
  insertAgency,
  parentIdOf,
  refreshParentKey,
  replaceSalesReps,
  salesRepsOf,
  updateAgency,
} from './agencies.repository.js';
import { type Agency, formOf, toAgency } from './agency-mapper.js';

/** What one write changes on an agency; what is left out stays as it is. */
export interface AgencyChange {
  /** The form's fields: all of them, or those sent with a version. */
  fields?: Partial<AgencyForm>;
  isActive?: boolean;
  /** A merge points the merged agency at its survivor; its undo clears that (null). */
  mergedIntoId?: number | null;
  version?: number;
  /** Entries the history records beside the changed fields' own (a merge's "merged with"). */
  notes?: HistoryEntryWrite[];
}

export interface AgencyWritten {
  changed: string[];
  before: Agency;
}

/** The fields the history lists, in its order; their names are also the versions' keys. */
const HISTORY_FIELDS = [
  'name',
  'officeNumber',
  'email',
  'commissionRate',
  'country',
  'city',
  'type',
  'parentAgency',
  'assignedSalesReps',
] as const;

/** The parent must exist and must not be the agency itself or any agency below it. */
async function checkParent(db: Db, agencyId: number | null, parentId: number | null): Promise<string | null> {
  if (parentId === null) return null;
  if (parentId === agencyId) throw badRequest(m.parentSelf, { parentAgencyId: m.parentSelf });
  const parent = await findAgency(db, parentId);
  if (!parent) throw badRequest(m.parentNotFound, { parentAgencyId: m.parentNotFound });
  if (agencyId !== null) {
    let cursor: number | null | undefined = parent.parent_agency_id;
    for (let depth = 0; cursor !== null && cursor !== undefined && depth < 1000; depth++) {
      if (cursor === agencyId) throw badRequest(m.parentCycle, { parentAgencyId: m.parentCycle });
      cursor = await parentIdOf(db, cursor);
    }
  }
  return parent.name;
}

/**
 * A new sales rep must be an active user; one already assigned stays when deactivated later (as an
 * agency stays on its contacts), so that editing such an agency does not first need the rep gone.
 * Answers the reps with their names.
 */
async function checkReps(db: Db, ids: number[], kept: { id: number; name: string }[] = []) {
  const added = [...new Set(ids)].filter((id) => !kept.some((rep) => rep.id === id));
  const active = await activeUsersAmong(db, added);
  if (active.length !== added.length) throw badRequest(m.repNotFound, { assignedSalesRepIds: m.repNotFound });
  return [...kept.filter((rep) => ids.includes(rep.id)), ...active];
}

function agencyColumns(form: AgencyForm, parentName: string | null) {
  return {
    name: form.name,
    office_number: form.officeNumber,
    country_code: form.countryCode ?? callingCodeOf(form.officeNumber),
    email: form.email,
    commission_bp: percentToBasisPoints(form.commissionRate),
    country: form.country,
    city: form.city,
    type: form.type,
    parent_agency_id: form.parentAgencyId,
    name_key: foldCase(form.name),
    name_fold: searchFold(form.name),
    email_key: foldCase(form.email),
    office_key: nationalPhoneKey(form.officeNumber),
    // The Level column reads 'Main' for an agency without a parent; its key says so too.
    parent_key: parentName ? foldCase(parentName) : 'main',
    // Sort keys above keep ç and ş; what only searches read is search-folded ("sukru" finds "Şükrü").
    search_text: searchFold([form.name, form.email, form.officeNumber, form.city, form.country].join('\n')),
  };
}

function historySnapshot(agency: Agency, reps: string[]): Record<string, HistoryValue> {
  return {
    ...agency,
    parentAgency: agency.parentAgency?.name ?? null,
    assignedSalesReps: [...reps].sort().join(', '),
    createdBy: null,
  } as unknown as Record<string, HistoryValue>;
}

const agencyEvent = (id: number) => ({ kind: 'agency' as const, id, audience: everyone });

/**
 * A new agency (the form's, or an import row's, where a parent created by an earlier row of the
 * batch is already visible): its parent and sales reps checked, then the row and its reps written.
 */
export async function createAgency(w: WriteScope, form: AgencyForm): Promise<number> {
  const parentName = await checkParent(w.db, null, form.parentAgencyId);
  await checkReps(w.db, form.assignedSalesRepIds);
  const at = w.at;
  const id = await insertAgency(w.db, {
    ...agencyColumns(form, parentName),
    created_by_id: w.actor.user.id,
    creator_key: foldCase(w.actor.user.name),
    is_active: 1,
    created_at: at,
    updated_at: at,
  });
  await replaceSalesReps(w.db, id, form.assignedSalesRepIds);
  w.publish(agencyEvent(id));
  return id;
}

/** The form's fields: the columns they set, and what changed as people read it (names) and as stored. */
async function formChanges(w: WriteScope, id: number, before: Agency, fields: Partial<AgencyForm>) {
  const oldReps = await salesRepsOf(w.db, id);
  const form: AgencyForm = {
    ...formOf(
      before,
      oldReps.map((rep) => rep.id),
    ),
    ...fields,
  };
  const parentName = await checkParent(w.db, id, form.parentAgencyId);
  const reps = await checkReps(w.db, form.assignedSalesRepIds, oldReps);
  const columns = agencyColumns(form, parentName);
  const after: Agency = {
    ...before,
    ...form,
    countryCode: columns.country_code,
    parentAgency:
      form.parentAgencyId !== null && parentName !== null
        ? { id: form.parentAgencyId, name: parentName }
        : null,
  };
  const entries = changedFields(
    historySnapshot(
      before,
      oldReps.map((rep) => rep.name),
    ),
    historySnapshot(
      after,
      reps.map((rep) => rep.name),
    ),
    HISTORY_FIELDS,
  );
  // History compares what people read (names); saving compares what is stored (ids, codes).
  const changing = entries.map((entry) => entry.field as string);
  if (columns.country_code !== before.countryCode) changing.push('countryCode');
  if (columns.parent_agency_id !== before.parentAgencyId) changing.push('parentAgency');
  const repIds = (ids: number[]) => [...ids].sort((a, b) => a - b).join();
  const repsChanged = repIds(form.assignedSalesRepIds) !== repIds(oldReps.map((rep) => rep.id));
  if (repsChanged) changing.push('assignedSalesReps');
  return { columns, entries, changing, reps: repsChanged ? form.assignedSalesRepIds : undefined };
}

/**
 * The one way an agency changes (the edit form, status actions and bulk actions, an import's rows
 * and its undo, a merge and its undo): permission per field, the row locked and read, the version
 * checked, fields and versions written, history recorded with the old values read under the lock,
 * the live event queued for after the commit. A new name reaches the children's Level key here
 * and the contacts' keys through the 'agency.renamed' topic.
 */
export async function writeAgency(w: WriteScope, id: number, change: AgencyChange): Promise<AgencyWritten> {
  if ((change.isActive !== undefined || change.mergedIntoId !== undefined) && !isAdmin(w.actor))
    throw forbidden(authMessages.forbidden);
  const state = await lockVersion(w.db, 'agencies', id);
  const row = state && (await findAgency(w.db, id));
  if (!state || !row) throw notFound(m.agencyNotFound);
  const before = toAgency(row);
  const columns: Updateable<AgenciesTable> = {};
  const entries: HistoryEntryWrite[] = [];
  const changing: string[] = [];
  let reps: number[] | undefined;
  if (change.fields) {
    const form = await formChanges(w, id, before, change.fields);
    Object.assign(columns, form.columns);
    entries.push(...form.entries);
    changing.push(...form.changing);
    reps = form.reps;
  }
  if (change.isActive !== undefined && before.isActive !== change.isActive) {
    columns.is_active = change.isActive ? 1 : 0;
    changing.push('isActive');
    const [was, is] = [String(!change.isActive), String(change.isActive)];
    entries.push({ kind: 'edited', field: 'isActive', oldValue: was, newValue: is });
  }
  if (change.mergedIntoId !== undefined && change.mergedIntoId !== row.merged_into_id) {
    columns.merged_into_id = change.mergedIntoId;
    changing.push('mergedInto');
  }
  const changed = [...new Set(changing)];
  assertFresh('partner', state, change.version, changed);
  const notes = change.notes ?? [];
  if (changed.length === 0 && notes.length === 0) return { changed, before };
  const at = w.at;
  if (changed.length > 0) {
    await updateAgency(w.db, id, {
      ...columns,
      ...versionColumns(state, changed, w.actor.user.id),
      updated_at: at,
    });
  }
  if (reps) await replaceSalesReps(w.db, id, reps);
  if (columns.name !== undefined && columns.name !== row.name) {
    await refreshParentKey(w.db, id, columns.name);
    await w.emit('agency.renamed', { agencyId: id, name: columns.name });
  }
  await insertHistory(w.db, { kind: 'agency', id }, w.actor.user.id, [...entries, ...notes], at);
  w.publish(agencyEvent(id));
  return { changed, before };
}
