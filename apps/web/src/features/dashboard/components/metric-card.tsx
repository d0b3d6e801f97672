import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format';
import type { CountedRecord } from '../api/dashboard-types';
import { useCount } from '../api/use-count';
import classes from './metric-card.module.css';

interface MetricCardProps {
  what: CountedRecord;
  label: string;
  /** What the count counts ("Active leads"): the label itself is the specification's. */
  caption: string;
  to: string;
  color: string;
  icon: ComponentType<{ size?: number | string }>;
}

const COUNT_HEIGHT = 38;

/** A count that links to its list (000 §2.5). */
export function MetricCard({ what, label, caption, to, color, icon: Icon }: MetricCardProps) {
  const { data: count, isPending, isError } = useCount(what);
  return (
    <Card component={Link} to={to} withBorder radius="lg" padding="lg" className={classes.card}>
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          {isPending ? (
            // As tall as the count it stands for, so the cards below do not move when it arrives.
            <Skeleton h={COUNT_HEIGHT} w={56} aria-label={`Loading ${label}`} role="status" />
          ) : (
            <Text fz={32} fw={700} lh={`${COUNT_HEIGHT}px`} data-testid={`count-${what}`}>
              {isError ? '—' : formatCount(count)}
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
