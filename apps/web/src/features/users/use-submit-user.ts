import { type User, userScreenMessages } from '@crm/domain';
import { useNavigate } from 'react-router';
import { errorMessage, fieldErrorsOf } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { useSaveUser } from './api/use-save-user';
import { type UserPayload, userEdit } from './api/users-api';

/** Saves the form, toasts the outcome and goes back to /users; returns the server's field messages. */
export function useSubmitUser(id: number | undefined, loaded?: Partial<User>) {
  const save = useSaveUser(id);
  const navigate = useNavigate();
  return async (body: UserPayload): Promise<Record<string, string> | undefined> => {
    try {
      await save.mutateAsync(id === undefined ? body : userEdit(loaded, body));
      toast.success(id === undefined ? userScreenMessages.userCreated : userScreenMessages.userUpdated);
      navigate('/users');
      return undefined;
    } catch (error) {
      toast.error(errorMessage(error, userScreenMessages.saveUserFailed));
      return fieldErrorsOf(error);
    }
  };
}
