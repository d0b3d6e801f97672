import {
  type AgencyForm,
  type AgencyType,
  agencyDuplicateKeys,
  basisPointsToPercent,
  callingCodeOf,
  foldCase,
  agencyMessages as m,
  nationalPhoneKey,
  percentToBasisPoints,
} from '@crm/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { parseListQuery } from '../../db/list-query.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { refreshAgencyOnContacts } from '../contacts/contacts.service.js';
import { filesOf } from '../files/files.service.js';
import { insertHistory } from '../history/history.repository.js';
import { changedFields, type HistoryValue } from '../history/history.service.js';
import { lockVersion } from '../versions/versions.repository.js';
import { assertFresh, type Edit, refusingStale, versionColumns } from '../versions/versions.service.js';
import {
  type AgencyRow,
  activeUsersAmong,
  agencyListSpec,
  agencyMergedIntoOf,
  findAgency,
  findAgencyDuplicates,
  idsToToggle,
  insertAgency,
  listAgencies,
  parentIdOf,
  refreshParentKey,
  replaceSalesReps,
  salesRepsOf,
  setAgenciesActive,
  updateAgency,
} from './agencies.repository.js';
import type { agencyDetailResponse, agencyDuplicatesResponse, agencyResponse } from './agencies.schemas.js';

export type Agency = z.output<typeof agencyResponse>;
export type AgencyDetail = z.output<typeof agencyDetailResponse>;

export function toAgency(row: AgencyRow): Agency {
  return {
    id: row.id,
    name: row.name,
    officeNumber: row.office_number,
    countryCode: row.country_code,
    email: row.email,
    commissionRate: basisPointsToPercent(row.commission_bp),
    country: row.country,
    city: row.city,
    type: row.type as AgencyType,
    parentAgencyId: row.parent_agency_id,
    parentAgency:
      row.parent_agency_id !== null && row.parent_name !== null
        ? { id: row.parent_agency_id, name: row.parent_name }
        : null,
    isActive: row.is_active === 1,
    createdBy: row.creator_name || row.creator_email || null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/** Inactive agencies stay visible: the list shows their status and admins reactivate them. */
async function existingAgency(ctx: AppContext, id: number): Promise<AgencyRow> {
  const row = await findAgency(ctx.db, id);
  if (!row) throw notFound(m.agencyNotFound);
  return row;
}

export async function ensureAgencyExists(ctx: AppContext, id: number): Promise<void> {
  await existingAgency(ctx, id);
}

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

async function checkReps(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
  const reps = await activeUsersAmong(db, ids);
  if (reps.length !== ids.length) throw badRequest(m.repNotFound, { assignedSalesRepIds: m.repNotFound });
  return reps;
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
    email_key: foldCase(form.email),
    office_key: nationalPhoneKey(form.officeNumber),
    // The Level column reads 'Main' for an agency without a parent; its key says so too.
    parent_key: parentName ? foldCase(parentName) : 'main',
    search_text: foldCase([form.name, form.email, form.officeNumber, form.city, form.country].join('\n')),
  };
}

export async function agencyDetail(
  ctx: AppContext,
  actor: Actor,
  id: number,
  db: Db = ctx.db,
): Promise<AgencyDetail> {
  const row = await findAgency(db, id);
  if (!row) throw notFound(m.agencyNotFound);
  const reps = await salesRepsOf(db, id);
  return {
    ...toAgency(row),
    assignedSalesRepIds: reps.map((rep) => rep.id),
    assignedSalesReps: reps.map((rep) => ({
      id: rep.id,
      name: rep.name,
      email: rep.email,
      isActive: rep.is_active === 1,
    })),
    files: await filesOf(ctx, actor, { kind: 'agency', id }),
  };
}

export async function createAgency(ctx: AppContext, actor: Actor, form: AgencyForm): Promise<AgencyDetail> {
  const at = nowIso();
  const id = await ctx.db.transaction().execute((trx) => insertNewAgency(trx, actor, form, at));
  return agencyDetail(ctx, actor, id);
}

/**
 * A new agency inside the caller's transaction (the form's, or an import batch's, where a parent
 * created by an earlier row of the batch is already visible): its parent and sales reps checked,
 * then the row and its reps written.
 */
export async function insertNewAgency(trx: Db, actor: Actor, form: AgencyForm, at: string): Promise<number> {
  const parentName = await checkParent(trx, null, form.parentAgencyId);
  await checkReps(trx, form.assignedSalesRepIds);
  const agencyId = await insertAgency(trx, {
    ...agencyColumns(form, parentName),
    created_by_id: actor.user.id,
    creator_key: foldCase(actor.user.name),
    is_active: 1,
    created_at: at,
    updated_at: at,
  });
  await replaceSalesReps(trx, agencyId, form.assignedSalesRepIds);
  return agencyId;
}

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

function historySnapshot(agency: Agency, reps: string[]): Record<string, HistoryValue> {
  return {
    ...agency,
    parentAgency: agency.parentAgency?.name ?? null,
    assignedSalesReps: [...reps].sort().join(', '),
    createdBy: null,
  } as unknown as Record<string, HistoryValue>;
}

/** The form's fields of a stored agency, as an edit would send them. */
function formOf(agency: Agency, repIds: number[]): AgencyForm {
  return {
    name: agency.name,
    officeNumber: agency.officeNumber,
    countryCode: agency.countryCode,
    email: agency.email,
    commissionRate: agency.commissionRate,
    country: agency.country,
    city: agency.city,
    type: agency.type,
    parentAgencyId: agency.parentAgencyId,
    assignedSalesRepIds: repIds,
  };
}

/**
 * Every edit of an agency: the row is locked and read inside the write's transaction, so the
 * history's old values are the ones replaced; an edit against an older version is refused only
 * when a field it changes was changed since.
 */
export async function updateAgencyForm(
  ctx: AppContext,
  actor: Actor,
  id: number,
  edit: Edit<AgencyForm>,
): Promise<AgencyDetail> {
  await refusingStale(
    () => ctx.db.transaction().execute((trx) => applyAgencyEdit(trx, actor, id, edit)),
    () => agencyDetail(ctx, actor, id),
  );
  return agencyDetail(ctx, actor, id);
}

/**
 * The one update path of an agency, inside the caller's transaction (an edit, a merge, its undo):
 * the row is locked and read, the form checked, columns, version and sales reps written, a new
 * name passed on, and the changes answered. `recordHistory` false leaves the entries to the caller.
 */
export async function applyAgencyEdit(
  trx: Db,
  actor: Actor,
  id: number,
  edit: Edit<AgencyForm>,
  recordHistory = true,
) {
  const state = await lockVersion(trx, 'agencies', id);
  const existing = state && (await findAgency(trx, id));
  if (!state || !existing) throw notFound(m.agencyNotFound);
  const oldReps = await salesRepsOf(trx, id);
  const before = toAgency(existing);
  const form: AgencyForm = {
    ...formOf(
      before,
      oldReps.map((rep) => rep.id),
    ),
    ...edit.fields,
  };
  const parentName = await checkParent(trx, id, form.parentAgencyId);
  const reps = await checkReps(trx, form.assignedSalesRepIds);
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
  const changes = changedFields(
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
  const sameIds = (a: number[], b: number[]) =>
    a.length === b.length && [...a].sort().join() === [...b].sort().join();
  const changing = changes.map((change) => change.field as string);
  if (columns.country_code !== existing.country_code) changing.push('countryCode');
  if (columns.parent_agency_id !== existing.parent_agency_id) changing.push('parentAgency');
  if (
    !sameIds(
      form.assignedSalesRepIds,
      oldReps.map((rep) => rep.id),
    )
  )
    changing.push('assignedSalesReps');
  const fields = [...new Set(changing)];
  assertFresh('partner', state, edit.version, fields);
  if (fields.length === 0) return { changes, before };
  const at = nowIso();
  await updateAgency(trx, id, {
    ...columns,
    ...versionColumns(state, fields, actor.user.id),
    updated_at: at,
  });
  await replaceSalesReps(trx, id, form.assignedSalesRepIds);
  if (existing.name !== form.name) {
    await refreshParentKey(trx, id, form.name);
    await refreshAgencyOnContacts(trx, id, form.name);
  }
  if (recordHistory) await insertHistory(trx, { kind: 'agency', id }, actor.user.id, changes, at);
  return { changes, before };
}

export async function setAgencyActive(
  ctx: AppContext,
  actor: Actor,
  id: number,
  active: boolean,
): Promise<Agency> {
  const existing = await existingAgency(ctx, id);
  if ((existing.is_active === 1) !== active) {
    const at = nowIso();
    await ctx.db.transaction().execute(async (trx) => {
      await setAgenciesActive(trx, [id], active, at);
      await insertHistory(
        trx,
        { kind: 'agency', id },
        actor.user.id,
        [{ kind: 'edited', field: 'isActive', oldValue: String(!active), newValue: String(active) }],
        at,
      );
    });
  }
  return toAgency((await findAgency(ctx.db, id))!);
}

/** Changes only the agencies whose state would change; answers how many, or "Nothing to update". */
export async function bulkSetAgencies(
  ctx: AppContext,
  actor: Actor,
  ids: number[],
  active: boolean,
): Promise<{ count: number; message: string }> {
  const toChange = await idsToToggle(ctx.db, [...new Set(ids)], active);
  if (toChange.length === 0) return { count: 0, message: m.nothingToUpdate };
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await setAgenciesActive(trx, toChange, active, at);
    for (const id of toChange) {
      await insertHistory(
        trx,
        { kind: 'agency', id },
        actor.user.id,
        [{ kind: 'edited', field: 'isActive', oldValue: String(!active), newValue: String(active) }],
        at,
      );
    }
  });
  return {
    count: toChange.length,
    message: `${active ? 'Activated' : 'Deactivated'} ${toChange.length} agencies successfully`,
  };
}

export async function agencyDuplicates(
  ctx: AppContext,
  id: number,
): Promise<z.output<typeof agencyDuplicatesResponse>> {
  const agency = await existingAgency(ctx, id);
  return matchAgencyDuplicates(ctx.db, { email: agency.email, officeNumber: agency.office_number }, id);
}

/**
 * Other agencies with the same trimmed, case-insensitive e-mail or the same office number (002
 * §4), for a saved agency's warning and for the forms while they are typed (`excludeId` 0).
 */
export async function matchAgencyDuplicates(
  db: Db,
  typed: { email: string; officeNumber: string },
  excludeId: number,
): Promise<z.output<typeof agencyDuplicatesResponse>> {
  const keys = agencyDuplicateKeys(typed);
  if (!keys.email && !keys.officeNumber) return { fields: [], agencies: [] };
  const rows = await findAgencyDuplicates(db, excludeId, keys.email, keys.officeNumber);
  const agencies = rows.map((row) => {
    const matchedOn: ('Email' | 'Phone')[] = [];
    if (keys.email && row.email_key === keys.email) matchedOn.push('Email');
    if (keys.officeNumber && row.office_number === keys.officeNumber) matchedOn.push('Phone');
    return { id: row.id, name: row.name, matchedOn };
  });
  const fields = (['Email', 'Phone'] as const).filter((field) =>
    agencies.some((a) => a.matchedOn.includes(field)),
  );
  return { fields, agencies };
}

/** The agency a merged one was merged into: links to it land there. */
export function agencyMergedInto(ctx: AppContext, id: number): Promise<number | null> {
  return agencyMergedIntoOf(ctx.db, id);
}

export async function listAgenciesFor(ctx: AppContext, rawQuery: Record<string, unknown>) {
  const page = await listAgencies(ctx.db, parseListQuery(rawQuery, agencyListSpec));
  return { ...page, rows: page.rows.map(toAgency) };
}
