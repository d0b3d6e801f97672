import { Text } from '@mantine/core';
import { formatDealMoney } from '../api/format-deal-money';
import { FigureLinks } from './figure-links';
import { useDealReport } from './report-api';
import { ReportBars } from './report-bars';
import { ReportCard, ReportState } from './report-card';
import { dealCount } from './report-format';
import { dealsInStage, wonDealsOfOwner, wonDealsOfPartner } from './report-links';
import { useTerminalStages } from './use-terminal-stages';

/** The plot shows the largest; the figures below list every row the report names. */
const PLOTTED = 10;

interface Revenue {
  key: string | number;
  name: string;
  count: number;
  amount: number;
  to: string;
}

function RevenueCard({
  title,
  caption,
  rows,
  currency,
  empty,
  others,
}: {
  title: string;
  caption: string;
  rows: Revenue[];
  currency: string;
  empty: string;
  /** Those past the rows named, as one line of text. */
  others?: string;
}) {
  if (rows.length === 0)
    return (
      <ReportCard title={title} caption={caption}>
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      </ReportCard>
    );
  return (
    <ReportCard title={title} caption={caption}>
      <ReportBars
        data={rows.slice(0, PLOTTED).map((row) => ({ name: row.name, Won: row.amount, to: row.to }))}
        dataKey="name"
        series={[{ name: 'Won', color: 'green.6' }]}
        currency={currency}
        vertical
      />
      <FigureLinks
        label={`${title}: figures`}
        figures={rows.map((row) => ({
          key: row.key,
          label: `${row.name}: ${formatDealMoney(row.amount, currency)} (${dealCount(row.count)})`,
          to: row.to,
        }))}
      />
      {others && (
        <Text size="sm" c="dimmed">
          {others}
        </Text>
      )}
    </ReportCard>
  );
}

const CAPTION = 'Amounts won in the last 12 months, by won date';

export function RevenueByPartnerReport() {
  const title = 'Revenue by partner';
  const { data, isError } = useDealReport('revenue-by-partner');
  const { won } = useTerminalStages();
  if (!data || won === undefined)
    return (
      <ReportCard title={title} caption={CAPTION}>
        <ReportState isError={isError} label={title} />
      </ReportCard>
    );
  return (
    <RevenueCard
      title={title}
      caption={CAPTION}
      currency={data.currency}
      empty="No deal has been won in the period."
      others={
        data.otherPartners
          ? `${data.otherPartners.partners.toLocaleString('en-GB')} other partners: ${formatDealMoney(data.otherPartners.amount, data.currency)} (${dealCount(data.otherPartners.count)})`
          : undefined
      }
      rows={data.partners.map((row) => ({
        key: row.agencyId ?? 'none',
        name: row.name,
        count: row.count,
        amount: row.amount,
        to: row.agencyId === null ? dealsInStage(won) : wonDealsOfPartner(won, row.agencyId),
      }))}
    />
  );
}

export function RevenueByOwnerReport() {
  const title = 'Revenue by owner';
  const { data, isError } = useDealReport('revenue-by-owner');
  const { won } = useTerminalStages();
  if (!data || won === undefined)
    return (
      <ReportCard title={title} caption={CAPTION}>
        <ReportState isError={isError} label={title} />
      </ReportCard>
    );
  return (
    <RevenueCard
      title={title}
      caption={CAPTION}
      currency={data.currency}
      empty="No deal has been won in the period."
      rows={data.owners.map((row) => ({
        key: row.ownerId,
        name: row.name,
        count: row.count,
        amount: row.amount,
        to: wonDealsOfOwner(won, row.ownerId),
      }))}
    />
  );
}
