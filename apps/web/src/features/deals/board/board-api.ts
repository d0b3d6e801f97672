import { apiJson } from '../../../lib/api-client';
import type { DealListRow, DealStage } from '../api/deal-types';

/** What the board's filters keep, as the URL holds them; empty strings are "any". */
export interface BoardFilters {
  ownerId: string;
  agencyId: string;
  productId: string;
  closeMonth: string;
  mine: boolean;
}

/** GET /api/deals/board/{stageId}: one page of a column and the column's figures (in pounds). */
export interface BoardColumnPage {
  stage: DealStage;
  /** Every card the filters keep in this column, not only the page's. */
  count: number;
  totalAmount: number;
  weightedTotal: number;
  currency: string;
  cards: DealListRow[];
  nextCursor: string | null;
}

export function boardParams(filters: BoardFilters, cursor: string | null): URLSearchParams {
  const params = new URLSearchParams();
  if (cursor) params.set('cursor', cursor);
  if (filters.ownerId) params.set('ownerId', filters.ownerId);
  if (filters.agencyId) params.set('agencyId', filters.agencyId);
  if (filters.productId) params.set('productId', filters.productId);
  if (filters.closeMonth) params.set('closeMonth', filters.closeMonth);
  if (filters.mine) params.set('mine', 'true');
  return params;
}

export function fetchBoardColumn(
  stageId: number,
  filters: BoardFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<BoardColumnPage> {
  return apiJson<BoardColumnPage>(`/deals/board/${stageId}`, {
    params: boardParams(filters, cursor),
    signal,
  });
}
