import { SimpleGrid } from '@mantine/core';
import { IconBuildingCommunity, IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { activeAgencies } from './chart-links';
import { MetricCard } from './metric-card';

/**
 * Leads, Customers and Agencies (the labels 000 §2.5 gives), each linking to the list that shows
 * what it counts: active records. The caption says so.
 */
export function OverviewCards() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      <MetricCard
        what="leads"
        label="Leads"
        caption="Active leads"
        to="/leads"
        color="blue"
        icon={IconUserPlus}
      />
      <MetricCard
        what="customers"
        label="Customers"
        caption="Active customers"
        to="/customers"
        color="teal"
        icon={IconUserCheck}
      />
      <MetricCard
        what="agencies"
        label="Agencies"
        caption="Active partners"
        to={activeAgencies()}
        color="grape"
        icon={IconBuildingCommunity}
      />
    </SimpleGrid>
  );
}
