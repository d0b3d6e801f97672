import { Button, Center, Group, Loader, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { useContactDeals } from '../api/use-record-deals';
import { RecordDealsTable } from './record-deals-table';

/**
 * A contact's Deals tab, with "New deal" for this contact. Loaded by the contact's page on its own
 * (a lazy chunk), so the deal form never rides along with the contact screens.
 */
export function ContactDealsTab({ contactId }: { contactId: number }) {
  const deals = useContactDeals(contactId);
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button
          component={Link}
          to={`/deals/new?contactId=${contactId}`}
          leftSection={<IconPlus size={16} />}
        >
          New deal
        </Button>
      </Group>
      {deals.isPending ? (
        <Center h={120}>
          <Loader size="sm" aria-label="Loading deals" />
        </Center>
      ) : deals.isError ? (
        <Text c="red">{errorMessage(deals.error, 'The deals could not be loaded')}</Text>
      ) : (
        <RecordDealsTable deals={deals.data.deals} currency={deals.data.currency} showContact={false} />
      )}
    </>
  );
}
