import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The plot inside a card, below its title and above its figures. */
export const REPORT_CHART_HEIGHT = 220;

/**
 * A report under its title, as a labelled region: the caption says what it counts, and the lists it
 * opens count the same. `action` sits beside the title (the commission's export).
 */
export function ReportCard({
  title,
  caption,
  action,
  children,
}: {
  title: string;
  caption: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={2} fz="md">
              {title}
            </Title>
            <Text size="xs" c="dimmed">
              {caption}
            </Text>
          </div>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** What a report shows while it loads or when it could not be read. */
export function ReportState({ isError, label }: { isError: boolean; label: string }) {
  return (
    <Text size="sm" c="dimmed" role="status">
      {isError ? `${label} could not be loaded.` : `Loading ${label.toLowerCase()}…`}
    </Text>
  );
}
