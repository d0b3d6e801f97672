import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router';
import { formatCount, formatCountOf } from '../../../lib/format';
import type { DashboardCharts as Charts, WeekCount } from '../api/use-charts';
import { CHART_HEIGHT, ChartCard, ChartsGrid } from './chart-card';
import { customersConvertedIn, customersOfAgency, leadsCreatedIn, leadsFromSource } from './chart-links';
import classes from './dashboard-charts.module.css';

const SOURCE_COLORS = ['indigo.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'pink.6', 'gray.6'];

/** "16 Nov" for the Monday 2026-11-16. */
function weekLabel(week: string): string {
  return new Date(`${week}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/**
 * Bars per week; a bar opens the list filtered to its week. The same links, one per week, are in the
 * tab order for keyboards and screen readers (the plot is hidden from them), shown while focused.
 */
function WeeklyBars({
  data,
  series,
  to,
  toWeek,
  navigate,
}: {
  data: WeekCount[];
  series: string;
  to: string;
  toWeek: (monday: string) => string;
  navigate: (to: string) => void;
}) {
  const rows = data.map((week) => ({ week: weekLabel(week.week), monday: week.week, [series]: week.count }));
  const total = data.reduce((sum, week) => sum + week.count, 0);
  return (
    <>
      <div className={classes.plot}>
        <BarChart
          h={CHART_HEIGHT}
          data={rows}
          dataKey="week"
          series={[{ name: series, color: 'indigo.6' }]}
          tickLine="none"
          gridAxis="y"
          yAxisProps={{ allowDecimals: false }}
          barProps={{
            isAnimationActive: false,
            cursor: 'pointer',
            onClick: (bar: { payload?: { monday?: string } }) => {
              const monday = bar.payload?.monday;
              if (monday) navigate(toWeek(monday));
            },
          }}
          barChartProps={{ accessibilityLayer: false }}
          aria-hidden="true"
        />
        <ul className={classes.weekLinks} aria-label={`${series} by week`}>
          {data.map((week) => (
            <li key={week.week}>
              <Anchor component={Link} to={toWeek(week.week)} size="sm">
                Week of {weekLabel(week.week)}: {formatCount(week.count)}
              </Anchor>
            </li>
          ))}
        </ul>
      </div>
      <Text size="sm" c="dimmed">
        {formatCount(total)} in 12 weeks ·{' '}
        <Anchor component={Link} to={to} size="sm" underline="always">
          Open the list
        </Anchor>
      </Text>
    </>
  );
}

interface DashboardChartsProps {
  charts: Charts;
  /** Opens a list from a bar or a slice; it must not change between renders. */
  navigate: (to: string) => void;
}

/**
 * The five charts of the dashboard (computed on the server, drawn with @mantine/charts), drawn again
 * only when their data changes. The router renders every screen using its hooks again when a
 * navigation starts, and redrawing the plots then cost the click that left the dashboard 200–400 ms:
 * so no router hook here, and the caller hands in a `navigate` that never changes. The plots do not
 * animate: an animation is a render per frame for a second and a half after the data arrives.
 */
export const DashboardCharts = memo(function DashboardCharts({ charts, navigate }: DashboardChartsProps) {
  const sources = charts.leadsBySource.map((row, index) => ({
    name: row.source ?? 'No source',
    value: row.count,
    color: SOURCE_COLORS[index % SOURCE_COLORS.length] as string,
    to: leadsFromSource(row.source),
  }));
  const { customers, contacts, percent } = charts.conversionRate;
  return (
    <ChartsGrid>
      <ChartCard title="Leads created per week" caption="Active leads, by the week they were added">
        <WeeklyBars
          data={charts.leadsPerWeek}
          series="Leads"
          to="/leads"
          toWeek={leadsCreatedIn}
          navigate={navigate}
        />
      </ChartCard>
      <ChartCard title="Conversions per week" caption="Active customers, by the week they were converted">
        <WeeklyBars
          data={charts.conversionsPerWeek}
          series="Conversions"
          to="/customers"
          toWeek={customersConvertedIn}
          navigate={navigate}
        />
      </ChartCard>
      <ChartCard title="Leads by source" caption="Active leads">
        {sources.length === 0 ? (
          <Text size="sm" c="dimmed">
            No leads yet.
          </Text>
        ) : (
          <Group wrap="nowrap" align="center" gap="md">
            <DonutChart
              data={sources}
              size={140}
              thickness={22}
              withTooltip={false}
              pieChartProps={{ accessibilityLayer: false }}
              pieProps={{
                isAnimationActive: false,
                rootTabIndex: -1,
                cursor: 'pointer',
                onClick: (slice: { name?: string }) => {
                  const target = sources.find((source) => source.name === slice.name);
                  if (target) navigate(target.to);
                },
              }}
              aria-hidden="true"
            />
            <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0, minWidth: 0 }}>
              {sources.map((source) => (
                <li key={source.name}>
                  <Anchor component={Link} to={source.to} size="sm">
                    {source.name}: {formatCount(source.value)}
                  </Anchor>
                </li>
              ))}
            </Stack>
          </Group>
        )}
      </ChartCard>
      <ChartCard title="Top agencies by customers" caption="Active customers each agency referred">
        {charts.topAgencies.length === 0 ? (
          <Text size="sm" c="dimmed">
            No customer was referred by an agency yet.
          </Text>
        ) : (
          <>
            <BarChart
              h={CHART_HEIGHT}
              data={charts.topAgencies.map((agency) => ({ agency: agency.name, Customers: agency.count }))}
              dataKey="agency"
              orientation="vertical"
              yAxisProps={{ width: 110 }}
              series={[{ name: 'Customers', color: 'teal.6' }]}
              gridAxis="x"
              xAxisProps={{ allowDecimals: false }}
              barProps={{
                isAnimationActive: false,
                cursor: 'pointer',
                onClick: (bar: { payload?: { agency?: string } }) => {
                  const name = bar.payload?.agency;
                  if (name) navigate(customersOfAgency(name));
                },
              }}
              barChartProps={{ accessibilityLayer: false }}
              aria-hidden="true"
            />
            <Group gap="xs">
              {charts.topAgencies.map((agency) => (
                <Anchor key={agency.id} component={Link} to={customersOfAgency(agency.name)} size="sm">
                  {agency.name}: {formatCount(agency.count)}
                </Anchor>
              ))}
            </Group>
          </>
        )}
      </ChartCard>
      <ChartCard title="Conversion rate" caption="Active customers among active leads and customers">
        <Group wrap="nowrap" gap="md">
          <DonutChart
            data={[
              { name: 'Customers', value: customers, color: 'teal.6' },
              { name: 'Leads', value: Math.max(contacts - customers, 0), color: 'gray.4' },
            ]}
            size={140}
            thickness={22}
            withTooltip={false}
            pieChartProps={{ accessibilityLayer: false }}
            pieProps={{ isAnimationActive: false, rootTabIndex: -1 }}
            chartLabel={`${percent}%`}
            aria-hidden="true"
          />
          <Text size="sm">
            <Anchor component={Link} to="/customers" inherit underline="always">
              {formatCountOf(customers, 'active customer')}
            </Anchor>{' '}
            among {formatCountOf(contacts, 'active contact')}: {percent}% are customers.
          </Text>
        </Group>
      </ChartCard>
    </ChartsGrid>
  );
});
