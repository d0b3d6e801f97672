import { userScreenMessages } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastWithUndo } from '../../../components/bulk-actions';
import { errorMessage, isNetworkError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { userKeys } from './user-keys';
import { type ActiveAction, setUserActive } from './users-api';

/**
 * Activates or deactivates a user, then toasts and reloads the list (000 §8); a deactivation's
 * toast offers Undo. A network failure gives "Error trying to …"; an HTTP error shows the server's
 * text (e.g. deactivating oneself).
 */
export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ActiveAction }) => setUserActive(id, action),
    onSuccess: async (_user, { id, action }) => {
      if (action === 'deactivate') {
        // Undo activates that user again, as the row's Activate button would.
        toastWithUndo(userScreenMessages.toggled(action), async () => {
          try {
            await setUserActive(id, 'activate');
            toast.success(userScreenMessages.toggled('activate'));
          } catch (error) {
            toast.error(errorMessage(error, userScreenMessages.toggleFailed('activate')));
          } finally {
            await queryClient.invalidateQueries({ queryKey: userKeys.all });
          }
        });
      } else toast.success(userScreenMessages.toggled(action));
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    onError: (error, { action }) => {
      const fallback = userScreenMessages.toggleFailed(action);
      toast.error(isNetworkError(error) ? fallback : errorMessage(error, fallback));
    },
  });
}
