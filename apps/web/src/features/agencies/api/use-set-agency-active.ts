import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBulkUndo } from '../../../components/bulk-actions';
import { toast } from '../../../lib/toast';
import { agencyScreenMessages as msg } from '../agency-screen-messages';
import { setAgencyActive } from './agencies-api';
import { agencyKeys } from './agency-keys';
import type { ActiveAction } from './agency-types';

/**
 * One agency's status from the list's row menu: "Agency activated" / "Failed to activate agency".
 * A deactivation's toast offers Undo.
 */
export function useSetAgencyActive() {
  const queryClient = useQueryClient();
  const offerUndo = useBulkUndo('partners', agencyKeys.all);
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ActiveAction }) => setAgencyActive(id, action),
    onSuccess: async (_agency, { id, action }) => {
      if (action === 'deactivate') offerUndo(msg.toggled(action), { ids: [id] });
      else toast.success(msg.toggled(action));
      await queryClient.invalidateQueries({ queryKey: agencyKeys.all });
    },
    onError: (_error, { action }) => toast.error(msg.toggleFailed(action)),
  });
}
