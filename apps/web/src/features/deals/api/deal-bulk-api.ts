import { apiJson } from '../../../lib/api-client';
import { toDealPayload, valuesFromDeal } from '../form/deal-form-values';
import type { Deal } from './deal-types';
import { fetchDeal, moveDealStage } from './deals-api';

/**
 * One deal's form as it stands, with a change: the API replaces a deal's fields as a whole (PUT),
 * and the version read with it makes a change someone made meanwhile to the same field a 409.
 */
async function rewriteDeal(id: number, change: (deal: Deal) => Record<string, unknown>): Promise<Deal> {
  const deal = await fetchDeal(id);
  const body = {
    ...toDealPayload(valuesFromDeal(deal), deal.wonDate),
    ...change(deal),
    version: deal.version,
  };
  return apiJson<Deal>(`/deals/${id}`, { method: 'PUT', body });
}

/** Gives the deal to a person: they become its owner and its assignee (their pipeline, their work). */
export const reassignDeal = (id: number, userId: number) =>
  rewriteDeal(id, () => ({ ownerId: userId, assignedToId: userId }));

export const deactivateDeal = (id: number) => rewriteDeal(id, () => ({ isActive: false }));

export const activateDeal = (id: number) => rewriteDeal(id, () => ({ isActive: true }));

/** Moves the deal as a board move does: the stage's probability; a reason when the stage is Lost. */
export const moveDealTo = (id: number, stageId: number, lostReasonId: number | null) =>
  moveDealStage(id, { stageId, lostReasonId });
