import { Card, SimpleGrid, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Every chart card is this tall, loaded or not: the skeletons hold the place the charts take, so
 * Recent Activities below does not move when they arrive (layout shift).
 */
export const CHART_CARD_HEIGHT = 312;
/** The plot inside a card, below its title and above its links. */
export const CHART_HEIGHT = 190;

export const CHART_TITLES = [
  'Leads created per week',
  'Conversions per week',
  'Leads by source',
  'Top agencies by customers',
  'Conversion rate',
] as const;

export type ChartTitle = (typeof CHART_TITLES)[number];

export function ChartsGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
      {children}
    </SimpleGrid>
  );
}

export function ChartCard({ title, children }: { title: ChartTitle; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label={title} mih={CHART_CARD_HEIGHT}>
      <Stack gap="sm">
        <Title order={3} fz="md">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
