import { Text } from '@mantine/core';
import { formatDealMoney } from '../api/format-deal-money';
import { FigureLinks } from './figure-links';
import { useDealReport } from './report-api';
import { ReportBars } from './report-bars';
import { ReportCard, ReportState } from './report-card';
import { dealCount } from './report-format';
import { dealsLostFor } from './report-links';
import { useTerminalStages } from './use-terminal-stages';

const TITLE = 'Loss reasons';

export function LossReasonsReport() {
  const { data, isError } = useDealReport('loss-reasons');
  const { lost } = useTerminalStages();
  const to = (reasonId: number | null) => (lost === undefined ? '/deals/list' : dealsLostFor(lost, reasonId));
  return (
    <ReportCard title={TITLE} caption="Lost deals per reason: how many, and the amount lost">
      {!data ? (
        <ReportState isError={isError} label={TITLE} />
      ) : data.reasons.length === 0 ? (
        <Text size="sm" c="dimmed">
          No deal has been lost.
        </Text>
      ) : (
        <>
          <ReportBars
            data={data.reasons.map((reason) => ({
              reason: reason.name,
              Amount: reason.amount,
              to: to(reason.lostReasonId),
            }))}
            dataKey="reason"
            series={[{ name: 'Amount', color: 'red.6' }]}
            currency={data.currency}
            vertical
          />
          <FigureLinks
            label={`${TITLE}: figures`}
            figures={data.reasons.map((reason) => ({
              key: reason.lostReasonId ?? 'none',
              label: `${reason.name}: ${dealCount(reason.count)}, ${formatDealMoney(reason.amount, data.currency)}`,
              to: to(reason.lostReasonId),
            }))}
          />
        </>
      )}
    </ReportCard>
  );
}
