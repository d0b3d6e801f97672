import { formatDealMoney } from '../api/format-deal-money';
import { FigureLinks } from './figure-links';
import { useDealReport } from './report-api';
import { ReportBars } from './report-bars';
import { ReportCard, ReportState } from './report-card';
import { monthLabel } from './report-format';
import { dealsClosingIn } from './report-links';

const TITLE = 'Weighted forecast, next 6 months';

export function ForecastReport() {
  const { data, isError } = useDealReport('forecast');
  return (
    <ReportCard title={TITLE} caption="Open deals by expected close month, each amount × its probability">
      {!data ? (
        <ReportState isError={isError} label={TITLE} />
      ) : (
        <>
          <ReportBars
            data={data.months.map((row) => ({
              month: monthLabel(row.month),
              Weighted: row.weightedAmount,
              to: dealsClosingIn(row.month),
            }))}
            dataKey="month"
            series={[{ name: 'Weighted', color: 'teal.6' }]}
            currency={data.currency}
          />
          <FigureLinks
            label={`${TITLE}: figures`}
            figures={data.months.map((row) => ({
              key: row.month,
              label: `${monthLabel(row.month)}: ${formatDealMoney(row.weightedAmount, data.currency)}`,
              to: dealsClosingIn(row.month),
            }))}
          />
        </>
      )}
    </ReportCard>
  );
}
