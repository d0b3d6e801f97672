import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDealMoney } from '../api/format-deal-money';
import { useDealReport } from './report-api';
import { ReportBars } from './report-bars';
import { ReportCard, ReportState } from './report-card';
import { monthLabel } from './report-format';
import { dealsClosingIn, dealsWonIn } from './report-links';
import { useTerminalStages } from './use-terminal-stages';

const TITLE = 'Won against forecast, last 6 months';

export function WonVsForecastReport() {
  const { data, isError } = useDealReport('won-vs-forecast');
  const { won } = useTerminalStages();
  const wonList = (month: string) => (won === undefined ? '/deals/list' : dealsWonIn(won, month));
  return (
    <ReportCard
      title={TITLE}
      caption="Won: amounts by won date. Forecast: the deals expected to close that month, each × its probability now"
    >
      {!data ? (
        <ReportState isError={isError} label={TITLE} />
      ) : (
        <>
          <ReportBars
            data={data.months.map((row) => ({
              month: monthLabel(row.month),
              Won: row.won,
              Forecast: row.forecast,
              to: dealsClosingIn(row.month),
            }))}
            dataKey="month"
            series={[
              { name: 'Won', color: 'green.6' },
              { name: 'Forecast', color: 'gray.5' },
            ]}
            currency={data.currency}
          />
          <Stack
            gap={2}
            component="ul"
            aria-label={`${TITLE}: figures`}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {data.months.map((row) => {
              const label = monthLabel(row.month);
              const won = `won ${formatDealMoney(row.won, data.currency)}`;
              const forecast = `forecast ${formatDealMoney(row.forecast, data.currency)}`;
              return (
                <Text component="li" size="sm" key={row.month}>
                  {label}:{' '}
                  <Anchor component={Link} to={wonList(row.month)} inherit aria-label={`${label}: ${won}`}>
                    {won}
                  </Anchor>{' '}
                  ·{' '}
                  <Anchor
                    component={Link}
                    to={dealsClosingIn(row.month)}
                    inherit
                    aria-label={`${label}: ${forecast}`}
                  >
                    {forecast}
                  </Anchor>
                </Text>
              );
            })}
          </Stack>
        </>
      )}
    </ReportCard>
  );
}
