import { Skeleton } from '@mantine/core';
import { CHART_HEIGHT, CHART_TITLES, ChartCard, ChartsGrid } from './chart-card';

/** The five cards with their titles, each plot a skeleton of its size, while data or code loads. */
export function ChartsSkeleton() {
  return (
    <ChartsGrid>
      {CHART_TITLES.map((title) => (
        <ChartCard key={title} title={title}>
          <Skeleton h={CHART_HEIGHT} radius="md" aria-hidden="true" />
        </ChartCard>
      ))}
    </ChartsGrid>
  );
}
