import type { AgencyForm } from '@crm/domain';
import { useNavigate } from 'react-router';
import { errorMessage, fieldErrorsOf } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { agencyScreenMessages as msg } from './agency-screen-messages';
import { useSaveAgency } from './api/use-save-agency';

/** Saves the partner form, toasts the outcome and opens the saved agency; returns the field messages. */
export function useSubmitAgency(id: number | undefined) {
  const save = useSaveAgency(id);
  const navigate = useNavigate();
  return async (body: AgencyForm): Promise<Record<string, string> | undefined> => {
    try {
      const saved = await save.mutateAsync(body);
      toast.success(id === undefined ? msg.created : msg.updated);
      navigate(`/agency/${saved.id}`, { state: { agency: saved } });
      return undefined;
    } catch (error) {
      toast.error(errorMessage(error, msg.saveFailed));
      return fieldErrorsOf(error);
    }
  };
}
