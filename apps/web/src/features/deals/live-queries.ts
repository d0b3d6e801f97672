import type { LiveQueries } from '../../lib/live-queries';
import { dealKeys, dealStageKeys, lostReasonKeys } from './api/deal-keys';

/**
 * A deal's event refreshes every deal screen (the board's columns and their figures, the list, a
 * detail, the Deals tabs); a stage's, the stages and the board, whose columns follow them; a lost
 * reason's, the Lost dialog's list. Someone else's move thus appears on an open board.
 */
export const dealLiveQueries: LiveQueries = {
  deal: () => [dealKeys.all],
  'deal-stage': () => [dealStageKeys.all, dealKeys.board, dealKeys.lists],
  'deal-lost-reason': () => [lostReasonKeys.all],
  // A card names its contact and marks a lead: a rename or a conversion shows on the board.
  contact: () => [dealKeys.board],
};
