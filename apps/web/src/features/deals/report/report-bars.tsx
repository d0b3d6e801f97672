import { BarChart } from '@mantine/charts';
import { useNavigate } from 'react-router';
import { formatDealMoney } from '../api/format-deal-money';
import { REPORT_CHART_HEIGHT } from './report-card';

type Row = Record<string, string | number> & { to: string };

/**
 * Money bars, drawn as the dashboard draws its charts: no animation, a bar opens the list it
 * counts, and the plot is hidden from screen readers (the figures below it say the same as links).
 */
export function ReportBars({
  data,
  dataKey,
  series,
  currency,
  vertical = false,
}: {
  data: Row[];
  dataKey: string;
  series: { name: string; color: string }[];
  currency: string;
  /** Bars laid across (names on the left), for long names such as partners. */
  vertical?: boolean;
}) {
  const navigate = useNavigate();
  const money = (value: number) => formatDealMoney(value, currency);
  return (
    <BarChart
      h={REPORT_CHART_HEIGHT}
      data={data}
      dataKey={dataKey}
      series={series}
      orientation={vertical ? 'vertical' : 'horizontal'}
      tickLine="none"
      gridAxis={vertical ? 'x' : 'y'}
      valueFormatter={money}
      yAxisProps={vertical ? { width: 120 } : { width: 90 }}
      withLegend={series.length > 1}
      maxBarWidth={48}
      barProps={{
        isAnimationActive: false,
        cursor: 'pointer',
        onClick: (bar: { payload?: { to?: string } }) => {
          if (bar.payload?.to) navigate(bar.payload.to);
        },
      }}
      barChartProps={{ accessibilityLayer: false }}
      aria-hidden="true"
    />
  );
}
