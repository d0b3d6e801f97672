import { contactMessages } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { contactKeys } from './contact-keys';
import { type ConversionValues, convertContact } from './convert-contact';

/** Converts a lead to a customer; the lead then leaves the leads list and joins the customers. */
export function useConvertLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: ConversionValues }) => convertContact(id, values),
    onSuccess: async () => {
      toast.success(contactMessages.converted);
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, contactMessages.conversionFailed)),
  });
}
