import { Card, Divider, Stack, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import type { ContactActivity } from '../api/dashboard-types';

/** 000 §9: each column shows its first 4 items. */
export const ACTIVITY_COLUMN_ITEMS = 4;

interface ActivityColumnProps {
  title: string;
  items: readonly ContactActivity[];
  renderItem: (activity: ContactActivity) => ReactNode;
}

/** One column of recent activities; the caller leaves out a column without items. */
export function ActivityColumn({ title, items, renderItem }: ActivityColumnProps) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={`${title} activities`}>
      <Title order={3} fz="h5" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">
        {items.slice(0, ACTIVITY_COLUMN_ITEMS).map((activity, index) => (
          <Fragment key={activity.id}>
            {index > 0 && <Divider />}
            {renderItem(activity)}
          </Fragment>
        ))}
      </Stack>
    </Card>
  );
}
