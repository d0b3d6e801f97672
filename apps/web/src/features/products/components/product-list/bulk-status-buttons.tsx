import { Button, Group } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { BulkSelectionState } from '../../../../components/data-table/use-row-selection';
import type { BulkAction } from '../../api/products-api';
import { useBulkSetProductsActive } from '../../api/use-bulk-set-products-active';
import { confirmBulkAction } from './confirm-bulk-action';

interface BulkStatusButtonsProps {
  selection: BulkSelectionState;
  /** The list's parameters: with every matching product selected, they say which. */
  listParams: URLSearchParams;
}

/** Admin only: activate or deactivate the ticked products (or all matching), after a confirmation. */
export function BulkStatusButtons({ selection, listParams }: BulkStatusButtonsProps) {
  const bulk = useBulkSetProductsActive(selection.clear);
  const none = selection.count === 0;
  const run = (action: BulkAction) =>
    confirmBulkAction(action, selection.count, () =>
      bulk.mutate({ target: selection.allMatching ? { listParams } : { ids: selection.ids }, action }),
    );
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
