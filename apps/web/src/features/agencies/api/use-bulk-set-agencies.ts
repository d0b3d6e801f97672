import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BulkTarget, runBulk, useBulkUndo } from '../../../components/bulk-actions';
import { toast } from '../../../lib/toast';
import { agencyScreenMessages as msg } from '../agency-screen-messages';
import { bulkSetAgencies } from './agencies-api';
import { agencyKeys } from './agency-keys';
import type { ActiveAction } from './agency-types';

/** The ids whose state would change (002 §4), or every partner the list's parameters match. */
type Chosen = { ids: number[] } | { listParams: URLSearchParams };

async function setStatus(chosen: Chosen, action: ActiveAction) {
  if ('listParams' in chosen) return runBulk('partners', action, chosen);
  const result = await bulkSetAgencies(chosen.ids, action);
  return { ...result, changed: { ids: chosen.ids } as BulkTarget };
}

/**
 * Bulk status change; toasts the server's "Activated N agencies successfully" (or "Nothing to
 * update"). A deactivation's toast offers Undo, which reactivates exactly those partners.
 */
export function useBulkSetAgencies(onDone: () => void) {
  const queryClient = useQueryClient();
  const offerUndo = useBulkUndo('partners', agencyKeys.all);
  return useMutation({
    mutationFn: ({ chosen, action }: { chosen: Chosen; action: ActiveAction }) => setStatus(chosen, action),
    onSuccess: async (result, { action }) => {
      const message = result.message || msg.bulkDone(action, result.count);
      if (result.count === 0) toast.info(result.message || msg.nothingToUpdate);
      else if (action === 'deactivate') offerUndo(message, result.changed);
      else toast.success(message);
      onDone();
      await queryClient.invalidateQueries({ queryKey: agencyKeys.all });
    },
    onError: (_error, { action }) => toast.error(msg.bulkFailed(action)),
  });
}
