import { type AgencyForm, agencyMessages as m } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { parseListQuery } from '../../db/list-query.js';
import type { ListExport } from '../../db/list-stream.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/http-errors.js';
import { filesOf } from '../files/files.service.js';
import { inWrite } from '../records/write-scope.js';
import { type Edit, refusingStale } from '../versions/versions.service.js';
import {
  type AgencyRow,
  agencyListSource,
  agencyListSpec,
  agencyMergedIntoOf,
  findAgency,
  idsToToggle,
  listAgencies,
  salesRepsOf,
} from './agencies.repository.js';
import { matchAgencyDuplicates } from './agency-duplicates.js';
import { type Agency, type AgencyDetail, toAgency } from './agency-mapper.js';
import { createAgency, writeAgency } from './agency-write.js';

/** Inactive agencies stay visible: the list shows their status and admins reactivate them. */
async function existingAgency(ctx: AppContext, id: number): Promise<AgencyRow> {
  const row = await findAgency(ctx.db, id);
  if (!row) throw notFound(m.agencyNotFound);
  return row;
}

export async function ensureAgencyExists(ctx: AppContext, id: number): Promise<void> {
  await existingAgency(ctx, id);
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

export async function createAgencyFor(
  ctx: AppContext,
  actor: Actor,
  form: AgencyForm,
): Promise<AgencyDetail> {
  const id = await inWrite(ctx, actor, (w) => createAgency(w, form));
  return agencyDetail(ctx, actor, id);
}

/**
 * Every edit of an agency goes through its write path; an edit against an older version is refused
 * only when a field it changes was changed since.
 */
export async function updateAgencyForm(
  ctx: AppContext,
  actor: Actor,
  id: number,
  edit: Edit<AgencyForm>,
): Promise<AgencyDetail> {
  await refusingStale(
    () => inWrite(ctx, actor, (w) => writeAgency(w, id, { fields: edit.fields, version: edit.version })),
    () => agencyDetail(ctx, actor, id),
  );
  return agencyDetail(ctx, actor, id);
}

export async function setAgencyActive(
  ctx: AppContext,
  actor: Actor,
  id: number,
  active: boolean,
): Promise<Agency> {
  await existingAgency(ctx, id);
  await inWrite(ctx, actor, (w) => writeAgency(w, id, { isActive: active }));
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
  const count = await inWrite(ctx, actor, async (w) => {
    let changed = 0;
    for (const id of toChange) {
      if ((await writeAgency(w, id, { isActive: active })).changed.length > 0) changed++;
    }
    return changed;
  });
  if (count === 0) return { count: 0, message: m.nothingToUpdate };
  return { count, message: `${active ? 'Activated' : 'Deactivated'} ${count} agencies successfully` };
}

export async function agencyDuplicates(ctx: AppContext, id: number) {
  const agency = await existingAgency(ctx, id);
  return matchAgencyDuplicates(ctx.db, { email: agency.email, officeNumber: agency.office_number }, id);
}

/** The agency a merged one was merged into: links to it land there. */
export function agencyMergedInto(ctx: AppContext, id: number): Promise<number | null> {
  return agencyMergedIntoOf(ctx.db, id);
}

export async function listAgenciesFor(ctx: AppContext, rawQuery: Record<string, unknown>) {
  const page = await listAgencies(ctx.db, parseListQuery(rawQuery, agencyListSpec));
  return { ...page, rows: page.rows.map(toAgency) };
}

/** The partners list as an export reads it. */
export async function agencyListExport(
  ctx: AppContext,
  params: Record<string, unknown>,
): Promise<ListExport<AgencyRow, Agency>> {
  const query = parseListQuery(params, agencyListSpec);
  const { total } = await listAgenciesFor(ctx, { ...params, limit: '1', offset: '0' });
  return { total, source: agencyListSource(ctx.db, query), query, toView: toAgency };
}
