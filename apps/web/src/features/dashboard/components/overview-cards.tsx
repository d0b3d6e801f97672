import { SimpleGrid } from '@mantine/core';
import { IconBuildingCommunity, IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { MetricCard } from './metric-card';

/** Leads, Customers and Agencies, each linking to its list. */
export function OverviewCards() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      <MetricCard what="leads" label="Leads" to="/leads" color="blue" icon={IconUserPlus} />
      <MetricCard what="customers" label="Customers" to="/customers" color="teal" icon={IconUserCheck} />
      <MetricCard
        what="agencies"
        label="Agencies"
        to="/agencies"
        color="grape"
        icon={IconBuildingCommunity}
      />
    </SimpleGrid>
  );
}
