import { dealKeys } from '../api/deal-keys';
import type { BoardFilters } from './board-api';

/**
 * A column's pages live under the deals' board key, so that any deal's live event (which refreshes
 * everything under ['deals']) refreshes every column, and a move can find a stage's columns under
 * every filter at once.
 */
export const boardKeys = {
  all: dealKeys.board,
  stage: (stageId: number) => [...dealKeys.board, stageId] as const,
  column: (stageId: number, filters: BoardFilters) => [...dealKeys.board, stageId, filters] as const,
};
