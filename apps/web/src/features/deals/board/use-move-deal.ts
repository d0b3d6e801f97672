import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import type { Deal, DealListRow, DealStage } from '../api/deal-types';
import { moveDealStage } from '../api/deals-api';
import { moveCardInCache, updateCardInCache } from './board-cache';
import { boardKeys } from './board-keys';

export interface DealMove {
  card: DealListRow;
  to: DealStage;
  lostReasonId?: number | null;
  lostReasonText?: string | null;
}

const MOVE_FAILED = 'The deal could not be moved. Please try again.';

/**
 * A card dropped in another column: shown there at once, written with the version the card was
 * read at. A stale version (409) or any failure puts every column back as it was and says why.
 */
export function useMoveDeal(onMoved?: (move: DealMove, deal: Deal) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ card, to, lostReasonId, lostReasonText }: DealMove) =>
      moveDealStage(card.id, {
        stageId: to.id,
        version: card.version,
        ...(to.kind === 'lost' ? { lostReasonId, lostReasonText } : {}),
      }),
    onMutate: async (move) => {
      await client.cancelQueries({ queryKey: boardKeys.all });
      const before = client.getQueriesData({ queryKey: boardKeys.all });
      moveCardInCache(client, move.card, move.to);
      return { before };
    },
    onError: (error, _move, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
      toast.error(errorMessage(error, MOVE_FAILED));
    },
    onSuccess: (deal, move) => {
      updateCardInCache(client, deal);
      onMoved?.(move, deal);
    },
    // The figures of every filter's columns come from the server again (a live event does the same
    // for everyone else's board).
    onSettled: () => client.invalidateQueries({ queryKey: boardKeys.all }),
  });
}
