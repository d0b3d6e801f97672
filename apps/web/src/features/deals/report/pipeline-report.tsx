import { Text } from '@mantine/core';
import { formatDealMoney } from '../api/format-deal-money';
import { FigureLinks } from './figure-links';
import { useDealReport } from './report-api';
import { ReportBars } from './report-bars';
import { ReportCard, ReportState } from './report-card';
import { dealCount } from './report-format';
import { dealsInStage } from './report-links';

const TITLE = 'Pipeline by stage';

export function PipelineReport() {
  const { data, isError } = useDealReport('pipeline');
  return (
    <ReportCard title={TITLE} caption="Open deals in each stage: amount, and amount × probability">
      {!data ? (
        <ReportState isError={isError} label={TITLE} />
      ) : (
        <>
          <ReportBars
            data={data.stages.map((stage) => ({
              stage: stage.name,
              Amount: stage.amount,
              Weighted: stage.weightedAmount,
              to: dealsInStage(stage.stageId),
            }))}
            dataKey="stage"
            series={[
              { name: 'Amount', color: 'indigo.6' },
              { name: 'Weighted', color: 'teal.6' },
            ]}
            currency={data.currency}
          />
          <FigureLinks
            label={`${TITLE}: figures`}
            figures={data.stages.map((stage) => ({
              key: stage.stageId,
              label: `${stage.name}: ${dealCount(stage.count)}, ${formatDealMoney(stage.amount, data.currency)} (weighted ${formatDealMoney(stage.weightedAmount, data.currency)})`,
              to: dealsInStage(stage.stageId),
            }))}
          />
          <Text size="sm" fw={600} data-testid="pipeline-total">
            Open pipeline:{' '}
            {formatDealMoney(
              data.stages.reduce((sum, stage) => sum + stage.amount, 0),
              data.currency,
            )}{' '}
            · weighted{' '}
            {formatDealMoney(
              data.stages.reduce((sum, stage) => sum + stage.weightedAmount, 0),
              data.currency,
            )}
          </Text>
        </>
      )}
    </ReportCard>
  );
}
