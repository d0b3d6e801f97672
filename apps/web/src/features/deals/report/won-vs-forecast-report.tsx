import { formatDealMoney } from '../api/format-deal-money';
import { FigureLinks } from './figure-links';
import { useDealReport } from './report-api';
import { ReportBars } from './report-bars';
import { ReportCard, ReportState } from './report-card';
import { monthLabel } from './report-format';
import { dealsClosingIn, dealsInStage } from './report-links';
import { useTerminalStages } from './use-terminal-stages';

const TITLE = 'Won against forecast, last 6 months';

export function WonVsForecastReport() {
  const { data, isError } = useDealReport('won-vs-forecast');
  const { won } = useTerminalStages();
  const wonList = won === undefined ? '/deals/list' : dealsInStage(won);
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
          <FigureLinks
            label={`${TITLE}: figures`}
            figures={data.months.flatMap((row) => [
              {
                key: `${row.month}-won`,
                label: `${monthLabel(row.month)}: won ${formatDealMoney(row.won, data.currency)}`,
                to: wonList,
              },
              {
                key: `${row.month}-forecast`,
                label: `${monthLabel(row.month)}: forecast ${formatDealMoney(row.forecast, data.currency)}`,
                to: dealsClosingIn(row.month),
              },
            ])}
          />
        </>
      )}
    </ReportCard>
  );
}
