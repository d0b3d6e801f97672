import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
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

/** A chart under its title, with a caption that says what it counts (the lists it opens count the same). */
export function ChartCard({
  title,
  caption,
  children,
}: {
  title: ChartTitle;
  caption?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label={title} mih={CHART_CARD_HEIGHT}>
      <Stack gap="sm">
        <div>
          <Title order={3} fz="md">
            {title}
          </Title>
          {caption && (
            <Text size="xs" c="dimmed">
              {caption}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}
