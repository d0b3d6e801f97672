import '@mantine/charts/styles.css';
import { Anchor, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CommissionReport } from './commission-report';
import { ForecastReport } from './forecast-report';
import { LossReasonsReport } from './loss-reasons-report';
import { PipelineReport } from './pipeline-report';
import { RevenueByOwnerReport, RevenueByPartnerReport } from './revenue-reports';
import { WinRateReport } from './win-rate-report';
import { WonVsForecastReport } from './won-vs-forecast-report';

/**
 * /deals/report: what a sales manager asks for, each figure computed on the server over the deals
 * the reader may see (a plain user's own), each chart opening the deals list it counts.
 */
export function DealsReportPage() {
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Deals report</Title>
        <Group gap="md">
          <Anchor component={Link} to="/deals">
            Board
          </Anchor>
          <Anchor component={Link} to="/deals/list">
            List
          </Anchor>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <PipelineReport />
        <ForecastReport />
        <WonVsForecastReport />
        <WinRateReport />
        <LossReasonsReport />
        <RevenueByPartnerReport />
        <RevenueByOwnerReport />
      </SimpleGrid>
      <CommissionReport />
    </Stack>
  );
}
