import { Button, Group } from '@mantine/core';
import type { ActiveAction } from '../api/agency-types';

interface BulkStatusButtonsProps {
  selectedCount: number;
  busy: boolean;
  onAction: (action: ActiveAction) => void;
}

/** Activate Selected / Deactivate Selected, for the partner list and the staff card. */
export function BulkStatusButtons({ selectedCount, busy, onAction }: BulkStatusButtonsProps) {
  const disabled = selectedCount === 0 || busy;
  return (
    <Group gap="xs">
      <Button size="xs" color="teal" variant="light" disabled={disabled} onClick={() => onAction('activate')}>
        Activate Selected
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        disabled={disabled}
        onClick={() => onAction('deactivate')}
      >
        Deactivate Selected
      </Button>
    </Group>
  );
}
