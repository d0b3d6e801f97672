import { type DealStageForm, foldCase, type LostReasonForm, dealMessages as m } from '@crm/domain';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { type DealStage, toDealStage } from './deal-mapper.js';
import {
  findLostReason,
  findStage,
  insertLostReason,
  insertStage,
  listLostReasons,
  listStages,
  updateLostReason,
  updateStage,
} from './deal-stages.repository.js';

/**
 * The stages and lost reasons admins keep (the routes hold them to admins). Deals refer to them by
 * id, so a rename, a new order or a deactivation changes no deal: a deactivated stage keeps its
 * deals and the board still shows them; it only takes no new ones.
 */

export interface LostReason {
  id: number;
  name: string;
  position: number;
  isActive: boolean;
}

export async function stagesList(ctx: AppContext): Promise<DealStage[]> {
  return (await listStages(ctx.db)).map(toDealStage);
}

async function stageAnswer(ctx: AppContext, id: number): Promise<DealStage> {
  const row = await findStage(ctx.db, id);
  if (!row) throw notFound(m.stageNotFound);
  return toDealStage(row);
}

function assertFreeName(names: { id: number; name: string }[], name: string, message: string, self?: number) {
  if (names.some((row) => row.id !== self && foldCase(row.name) === foldCase(name)))
    throw conflict(message, { name: message });
}

/** A new stage is an open one, placed before Won and Lost. */
export async function createStage(ctx: AppContext, form: DealStageForm): Promise<DealStage> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    const stages = await listStages(trx);
    assertFreeName(stages, form.name, m.stageNameTaken);
    const terminal = stages.filter((stage) => stage.kind !== 'open').map((stage) => stage.position);
    const position = terminal.length > 0 ? Math.min(...terminal) : stages.length + 1;
    for (const stage of stages)
      if (stage.position >= position) await updateStage(trx, stage.id, { position: stage.position + 1 });
    const at = nowIso();
    return insertStage(trx, {
      name: form.name,
      position,
      probability: form.probability,
      kind: 'open',
      is_active: form.isActive === false ? 0 : 1,
      created_at: at,
      updated_at: at,
    });
  });
  return stageAnswer(ctx, id);
}

/** Rename, a new default probability (deals keep theirs), deactivate or reactivate. */
export async function editStage(ctx: AppContext, id: number, form: DealStageForm): Promise<DealStage> {
  await ctx.db.transaction().execute(async (trx) => {
    const stages = await listStages(trx);
    const stage = stages.find((row) => row.id === id);
    if (!stage) throw notFound(m.stageNotFound);
    assertFreeName(stages, form.name, m.stageNameTaken, id);
    const active = form.isActive === undefined ? stage.is_active : form.isActive ? 1 : 0;
    if (stage.kind !== 'open' && active !== 1)
      throw badRequest(m.stageKindFixed, { isActive: m.stageKindFixed });
    await updateStage(trx, id, {
      name: form.name,
      probability: form.probability,
      is_active: active,
      updated_at: nowIso(),
    });
  });
  return stageAnswer(ctx, id);
}

/** The board's order: every stage named once. */
export async function reorderStages(ctx: AppContext, ids: number[]): Promise<DealStage[]> {
  await ctx.db.transaction().execute(async (trx) => {
    const stages = await listStages(trx);
    const known = new Set(stages.map((stage) => stage.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id)))
      throw badRequest(m.stageOrderInvalid, { ids: m.stageOrderInvalid });
    const at = nowIso();
    for (const [index, id] of ids.entries())
      await updateStage(trx, id, { position: index + 1, updated_at: at });
  });
  return stagesList(ctx);
}

const toLostReason = (row: {
  id: number;
  name: string;
  position: number;
  is_active: number;
}): LostReason => ({
  id: row.id,
  name: row.name,
  position: row.position,
  isActive: row.is_active === 1,
});

export async function lostReasonsList(ctx: AppContext): Promise<LostReason[]> {
  return (await listLostReasons(ctx.db)).map(toLostReason);
}

export async function createLostReason(ctx: AppContext, form: LostReasonForm): Promise<LostReason> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    const reasons = await listLostReasons(trx);
    assertFreeName(reasons, form.name, m.reasonNameTaken);
    const at = nowIso();
    return insertLostReason(trx, {
      name: form.name,
      position: Math.max(0, ...reasons.map((reason) => reason.position)) + 1,
      is_active: form.isActive === false ? 0 : 1,
      created_at: at,
      updated_at: at,
    });
  });
  return toLostReason((await findLostReason(ctx.db, id))!);
}

/** Rename, deactivate or reactivate; deals that gave a deactivated reason keep it. */
export async function editLostReason(ctx: AppContext, id: number, form: LostReasonForm): Promise<LostReason> {
  await ctx.db.transaction().execute(async (trx) => {
    const reasons = await listLostReasons(trx);
    const reason = reasons.find((row) => row.id === id);
    if (!reason) throw notFound(m.lostReasonNotFound);
    assertFreeName(reasons, form.name, m.reasonNameTaken, id);
    await updateLostReason(trx, id, {
      name: form.name,
      is_active: form.isActive === undefined ? reason.is_active : form.isActive ? 1 : 0,
      updated_at: nowIso(),
    });
  });
  return toLostReason((await findLostReason(ctx.db, id))!);
}
