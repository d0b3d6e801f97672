import { formatMoney, toMinor } from '@crm/domain';
import { SimpleGrid } from '@mantine/core';
import { IconChartBar, IconTrendingUp } from '@tabler/icons-react';
import { useDealFigures } from '../api/use-deal-figures';
import { MetricCardView } from './metric-card';

const REPORT = '/deals/report';

/**
 * The open pipeline and the weighted forecast of the next 6 months, over the reader's deals (a plain
 * user's own), each opening the deals report that breaks it down.
 */
export function DealCards() {
  const { data, isPending, isError } = useDealFigures();
  const money = (amount: number | undefined) =>
    isPending
      ? undefined
      : isError || !data || amount === undefined
        ? '—'
        : formatMoney(toMinor(amount), data.currency);
  const deals = data
    ? `${data.openCount.toLocaleString('en-GB')} open ${data.openCount === 1 ? 'deal' : 'deals'}`
    : 'Open deals';
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <MetricCardView
        label="Pipeline"
        caption={
          data ? `${deals} · weighted ${formatMoney(toMinor(data.openWeighted), data.currency)}` : deals
        }
        to={REPORT}
        color="indigo"
        icon={IconChartBar}
        value={money(data?.openAmount)}
        testId="deals-pipeline-total"
      />
      <MetricCardView
        label="Weighted forecast"
        caption="Open deals closing this month and the next 5, × probability"
        to={REPORT}
        color="teal"
        icon={IconTrendingUp}
        value={money(data?.forecast)}
        testId="deals-weighted-forecast"
      />
    </SimpleGrid>
  );
}
