import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { agencyScreenMessages as msg } from '../agency-screen-messages';
import { setAgencyActive } from './agencies-api';
import { agencyKeys } from './agency-keys';
import type { ActiveAction } from './agency-types';

/** One agency's status from the list's row menu: "Agency activated" / "Failed to activate agency". */
export function useSetAgencyActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ActiveAction }) => setAgencyActive(id, action),
    onSuccess: async (_agency, { action }) => {
      toast.success(msg.toggled(action));
      await queryClient.invalidateQueries({ queryKey: agencyKeys.all });
    },
    onError: (_error, { action }) => toast.error(msg.toggleFailed(action)),
  });
}
