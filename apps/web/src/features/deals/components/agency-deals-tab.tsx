import { Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-error';
import { formatDealMoney } from '../api/format-deal-money';
import { useAgencyDeals } from '../api/use-record-deals';
import { RecordDealsTable } from './record-deals-table';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm" miw={180}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * A partner's Deals tab: the deals it referred, the revenue of the won ones and the commission it
 * earned on that revenue at its Commission Rate (figures of the deals the reader may see).
 */
export function AgencyDealsTab({ agencyId }: { agencyId: number }) {
  const deals = useAgencyDeals(agencyId);
  if (deals.isPending) {
    return (
      <Center h={120}>
        <Loader size="sm" aria-label="Loading deals" />
      </Center>
    );
  }
  if (deals.isError) return <Text c="red">{errorMessage(deals.error, 'The deals could not be loaded')}</Text>;
  const { currency } = deals.data;
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Figure
          label="Referred revenue (won)"
          value={formatDealMoney(deals.data.referredRevenue, currency)}
          testId="referred-revenue"
        />
        <Figure label="Commission rate" value={`${deals.data.commissionRate} %`} testId="commission-rate" />
        <Figure
          label="Commission earned"
          value={formatDealMoney(deals.data.commissionEarned, currency)}
          testId="commission-earned"
        />
      </Group>
      <RecordDealsTable deals={deals.data.deals} currency={currency} showContact />
    </Stack>
  );
}
