import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format';
import type { CountedRecord } from '../api/dashboard-types';
import { useCount } from '../api/use-count';
import classes from './metric-card.module.css';

interface MetricCardViewProps {
  label: string;
  /** What the figure counts ("Active leads"): the label itself is the specification's. */
  caption: string;
  to: string;
  color: string;
  icon: ComponentType<{ size?: number | string }>;
  /** The figure as written; undefined while it loads. */
  value: string | undefined;
  testId: string;
}

const VALUE_HEIGHT = 38;

/** A figure that links to the screen that shows what it counts. */
export function MetricCardView({
  label,
  caption,
  to,
  color,
  icon: Icon,
  value,
  testId,
}: MetricCardViewProps) {
  return (
    <Card component={Link} to={to} withBorder radius="lg" padding="lg" className={classes.card}>
      <Group justify="space-between" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          {value === undefined ? (
            // As tall as the figure it stands for, so the cards below do not move when it arrives.
            <Skeleton h={VALUE_HEIGHT} w={56} aria-label={`Loading ${label}`} role="status" />
          ) : (
            <Text fz={32} fw={700} lh={`${VALUE_HEIGHT}px`} data-testid={testId}>
              {value}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {caption}
          </Text>
        </div>
        <ThemeIcon size={48} radius="md" variant="light" color={color}>
          <Icon size={26} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

interface MetricCardProps extends Omit<MetricCardViewProps, 'value' | 'testId'> {
  what: CountedRecord;
}

/** A count that links to its list (000 §2.5). */
export function MetricCard({ what, ...view }: MetricCardProps) {
  const { data: count, isPending, isError } = useCount(what);
  return (
    <MetricCardView
      {...view}
      testId={`count-${what}`}
      value={isPending ? undefined : isError ? '—' : formatCount(count)}
    />
  );
}
