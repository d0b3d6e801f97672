import { dealMessages as m } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { ListSource } from '../../db/list-stream.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest } from '../../lib/http-errors.js';
import type { WriteScope } from '../records/write-scope.js';
import { findLostReason, findStage } from './deal-stages.repository.js';
import { installationCurrency, writeDeal } from './deal-write.js';
import { dealListExport } from './deals.service.js';

/** A bulk move's stage, and on Lost the one reason every deal of it is lost for. */
export interface DealBulkMove {
  stageId: number;
  lostReasonId: number | null;
  lostReasonText: string | null;
}

/** What a bulk action does to one deal: the same changes the list's per-deal actions make. */
export type DealBulkChange = { move: DealBulkMove } | { reassignTo: number } | { isActive: boolean };

/** The deals list's rows for its parameters: its filters and the caller's scope (a plain user's own). */
export async function dealBulkSource(
  ctx: AppContext,
  actor: Actor,
  params: Record<string, unknown>,
): Promise<ListSource<unknown>> {
  return (await dealListExport(ctx, actor, params)).source as ListSource<unknown>;
}

/**
 * A bulk move checked once before any deal is written, with the messages a single move answers:
 * a stage is required and must be one in use, and Lost needs a reason (one for all, as the list's move asks).
 * Answers the stage's name for the outcome's message.
 */
export async function checkDealBulkMove(
  ctx: AppContext,
  move: Omit<DealBulkMove, 'stageId'> & { stageId: number | undefined },
): Promise<string> {
  if (move.stageId === undefined) throw badRequest(m.stageRequired, { stageId: m.stageRequired });
  const stage = await findStage(ctx.db, move.stageId);
  if (!stage) throw badRequest(m.stageNotFound, { stageId: m.stageNotFound });
  if (stage.is_active !== 1) throw badRequest(m.stageInactive, { stageId: m.stageInactive });
  if (stage.kind === 'lost') {
    if (move.lostReasonId === null)
      throw badRequest(m.lostReasonRequired, { lostReasonId: m.lostReasonRequired });
    const reason = await findLostReason(ctx.db, move.lostReasonId);
    if (reason?.is_active !== 1)
      throw badRequest(m.lostReasonNotFound, { lostReasonId: m.lostReasonNotFound });
  }
  return stage.name;
}

/** One deal of a bulk action, through the deal's one write path; answers whether it changed. */
export async function writeDealInBulk(w: WriteScope, id: number, change: DealBulkChange): Promise<boolean> {
  const currency = await installationCurrency(w.db);
  // A move takes each stage's own probability, as a move on the board does.
  const written = 'move' in change ? { move: { ...change.move, probability: null } } : change;
  return (await writeDeal(w, id, written, currency)).changed.length > 0;
}
