import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useDealReport } from './report-api';
import { ReportCard, ReportState } from './report-card';
import { dealCount } from './report-format';
import { dealsInStage } from './report-links';
import { useTerminalStages } from './use-terminal-stages';

const TITLE = 'Win rate';

const day = (value: string) =>
  new Date(`${value}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

export function WinRateReport() {
  const { data, isError } = useDealReport('win-rate');
  const stages = useTerminalStages();
  const link = (stageId: number | undefined, text: string) =>
    stageId === undefined ? (
      text
    ) : (
      <Anchor component={Link} to={dealsInStage(stageId)} inherit>
        {text}
      </Anchor>
    );
  return (
    <ReportCard
      title={TITLE}
      caption={
        data
          ? `Deals created ${day(data.from)} – ${day(data.to)}: won ÷ (won + lost), and the median days from creation to win`
          : 'Deals created in the last 12 months: won ÷ (won + lost)'
      }
    >
      {!data ? (
        <ReportState isError={isError} label={TITLE} />
      ) : (
        <>
          <Group gap="xl" align="baseline">
            <div>
              <Text fz={32} fw={700} data-testid="win-rate">
                {data.winRate === null ? '—' : `${data.winRate.toLocaleString('en-GB')} %`}
              </Text>
              <Text size="xs" c="dimmed">
                Win rate
              </Text>
            </div>
            <div>
              <Text fz={32} fw={700} data-testid="median-days-to-win">
                {data.medianDaysToWin === null ? '—' : data.medianDaysToWin.toLocaleString('en-GB')}
              </Text>
              <Text size="xs" c="dimmed">
                Median days to win
              </Text>
            </div>
          </Group>
          <Text size="sm">
            {link(stages.won, `${dealCount(data.won)} won`)} ·{' '}
            {link(stages.lost, `${dealCount(data.lost)} lost`)}
          </Text>
        </>
      )}
    </ReportCard>
  );
}
