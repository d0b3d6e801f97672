import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../../lib/toast';
import { fetchContact } from '../../contacts/api/contact-detail-api';
import { contactDetailKeys } from '../../contacts/api/contact-detail-keys';
import { ConvertLeadDialog } from '../../contacts/components/convert-lead-modal';
import { dealKeys } from '../api/deal-keys';

/**
 * After a lead's deal is won: the contacts' own conversion dialog for that lead, asking only what
 * it lacks. Closing it skips the conversion; the deal stays won either way.
 */
export function WonConversion({ contactId, onDone }: { contactId: number; onDone: () => void }) {
  const client = useQueryClient();
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
  return (
    <ConvertLeadDialog
      lead={lead}
      onClose={() => {
        // A converted lead is a customer on the cards too.
        void client.invalidateQueries({ queryKey: dealKeys.all });
        onDone();
      }}
    />
  );
}
