import { Button, Group } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { BulkAction } from '../../api/products-api';
import { useBulkSetProductsActive } from '../../api/use-bulk-set-products-active';
import { confirmBulkAction } from './confirm-bulk-action';

interface BulkStatusButtonsProps {
  selectedIds: readonly number[];
  onDone: () => void;
}

/** Admin only: activate or deactivate the ticked products, after a confirmation. */
export function BulkStatusButtons({ selectedIds, onDone }: BulkStatusButtonsProps) {
  const bulk = useBulkSetProductsActive(onDone);
  const none = selectedIds.length === 0;
  const run = (action: BulkAction) =>
    confirmBulkAction(action, selectedIds.length, () => bulk.mutate({ ids: selectedIds, action }));
  const busy = bulk.isPending ? bulk.variables.action : undefined;

  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        color="teal"
        leftSection={<IconCircleCheck size={16} />}
        disabled={none || bulk.isPending}
        loading={busy === 'activate'}
        onClick={() => run('activate')}
      >
        Activate Selected
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconCircleX size={16} />}
        disabled={none || bulk.isPending}
        loading={busy === 'deactivate'}
        onClick={() => run('deactivate')}
      >
        Deactivate Selected
      </Button>
    </Group>
  );
}
