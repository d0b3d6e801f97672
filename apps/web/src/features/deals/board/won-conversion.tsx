import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../../lib/toast';
import { fetchContact } from '../../contacts/api/contact-detail-api';
import { contactDetailKeys } from '../../contacts/api/contact-detail-keys';
import { useConvertLead } from '../../contacts/api/use-convert-lead';
import { ContactDetailConvertModal } from '../../contacts/components/contact-detail-convert-modal';
import { dealKeys } from '../api/deal-keys';

/**
 * After a lead's deal is won: the contact page's conversion dialog for that lead, asking only what
 * it lacks (the source too, when it has no partner: the list's shorter dialog would leave such a
 * lead unconvertible). Closing it skips the conversion; the deal stays won either way.
 */
export function WonConversion({ contactId, onDone }: { contactId: number; onDone: () => void }) {
  const client = useQueryClient();
  const convert = useConvertLead();
  const contact = useQuery({
    queryKey: contactDetailKeys.detail(contactId),
    queryFn: ({ signal }) => fetchContact(contactId, signal),
    staleTime: 0,
  });
  const { isError } = contact;
  useEffect(() => {
    if (isError) {
      toast.error('The lead could not be loaded for conversion.');
      onDone();
    }
  }, [isError, onDone]);
  const lead = contact.data?.type === 'LEAD' ? contact.data : null;
  // Someone converted it meanwhile: there is nothing left to offer.
  useEffect(() => {
    if (contact.data && contact.data.type !== 'LEAD') onDone();
  }, [contact.data, onDone]);
  if (!lead) return null;
  const close = () => {
    // A converted lead is a customer on the cards too.
    void client.invalidateQueries({ queryKey: dealKeys.all });
    onDone();
  };
  return (
    <ContactDetailConvertModal
      opened
      contact={lead}
      saving={convert.isPending}
      onClose={close}
      onConvert={(values) => convert.mutate({ id: lead.id, values }, { onSuccess: close })}
    />
  );
}
