import { type DealStageForm, foldCase, type LostReasonForm, dealMessages as m } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { everyone } from '../events/event-types.js';
import { inWrite } from '../records/write-scope.js';
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
 * deals and the board still shows them; it only takes no new ones. Each change is told live to
 * everyone (all read the stages and reasons: the board's columns, the Lost dialog) once committed.
 */

const stageEvent = (id: number) => ({ kind: 'deal-stage' as const, id, audience: everyone });
const reasonEvent = (id: number) => ({ kind: 'deal-lost-reason' as const, id, audience: everyone });

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
export async function createStage(ctx: AppContext, actor: Actor, form: DealStageForm): Promise<DealStage> {
  const id = await inWrite(ctx, actor, async (w) => {
    const trx = w.db;
    const stages = await listStages(trx);
    assertFreeName(stages, form.name, m.stageNameTaken);
    const terminal = stages.filter((stage) => stage.kind !== 'open').map((stage) => stage.position);
    const position = terminal.length > 0 ? Math.min(...terminal) : stages.length + 1;
    const at = w.at;
    for (const stage of stages)
      if (stage.position >= position) {
        await updateStage(trx, stage.id, { position: stage.position + 1, updated_at: at });
        w.publish(stageEvent(stage.id));
      }
    const created = await insertStage(trx, {
      name: form.name,
      position,
      probability: form.probability,
      kind: 'open',
      is_active: form.isActive === false ? 0 : 1,
      created_at: at,
      updated_at: at,
    });
    w.publish(stageEvent(created));
    return created;
  });
  return stageAnswer(ctx, id);
}

/** Rename, a new default probability (deals keep theirs), deactivate or reactivate. */
export async function editStage(
  ctx: AppContext,
  actor: Actor,
  id: number,
  form: DealStageForm,
): Promise<DealStage> {
  await inWrite(ctx, actor, async (w) => {
    const trx = w.db;
    const stages = await listStages(trx);
    const stage = stages.find((row) => row.id === id);
    if (!stage) throw notFound(m.stageNotFound);
    assertFreeName(stages, form.name, m.stageNameTaken, id);
    const active = form.isActive === undefined ? stage.is_active : form.isActive ? 1 : 0;
    if (stage.kind !== 'open' && active !== 1)
      throw badRequest(m.stageKindFixed, { isActive: m.stageKindFixed });
    if (form.name === stage.name && form.probability === stage.probability && active === stage.is_active)
      return;
    await updateStage(trx, id, {
      name: form.name,
      probability: form.probability,
      is_active: active,
      updated_at: w.at,
    });
    w.publish(stageEvent(id));
  });
  return stageAnswer(ctx, id);
}

/** The board's order: every stage named once. */
export async function reorderStages(ctx: AppContext, actor: Actor, ids: number[]): Promise<DealStage[]> {
  await inWrite(ctx, actor, async (w) => {
    const trx = w.db;
    const stages = await listStages(trx);
    const known = new Set(stages.map((stage) => stage.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id)))
      throw badRequest(m.stageOrderInvalid, { ids: m.stageOrderInvalid });
    const at = w.at;
    const before = new Map(stages.map((stage) => [stage.id, stage.position]));
    for (const [index, id] of ids.entries()) {
      if (before.get(id) === index + 1) continue;
      await updateStage(trx, id, { position: index + 1, updated_at: at });
      w.publish(stageEvent(id));
    }
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

export async function createLostReason(
  ctx: AppContext,
  actor: Actor,
  form: LostReasonForm,
): Promise<LostReason> {
  const id = await inWrite(ctx, actor, async (w) => {
    const trx = w.db;
    const reasons = await listLostReasons(trx);
    assertFreeName(reasons, form.name, m.reasonNameTaken);
    const at = w.at;
    const created = await insertLostReason(trx, {
      name: form.name,
      position: Math.max(0, ...reasons.map((reason) => reason.position)) + 1,
      is_active: form.isActive === false ? 0 : 1,
      created_at: at,
      updated_at: at,
    });
    w.publish(reasonEvent(created));
    return created;
  });
  return toLostReason((await findLostReason(ctx.db, id))!);
}

/** Rename, deactivate or reactivate; deals that gave a deactivated reason keep it. */
export async function editLostReason(
  ctx: AppContext,
  actor: Actor,
  id: number,
  form: LostReasonForm,
): Promise<LostReason> {
  await inWrite(ctx, actor, async (w) => {
    const trx = w.db;
    const reasons = await listLostReasons(trx);
    const reason = reasons.find((row) => row.id === id);
    if (!reason) throw notFound(m.lostReasonNotFound);
    assertFreeName(reasons, form.name, m.reasonNameTaken, id);
    const active = form.isActive === undefined ? reason.is_active : form.isActive ? 1 : 0;
    if (form.name === reason.name && active === reason.is_active) return;
    await updateLostReason(trx, id, { name: form.name, is_active: active, updated_at: w.at });
    w.publish(reasonEvent(id));
  });
  return toLostReason((await findLostReason(ctx.db, id))!);
}
