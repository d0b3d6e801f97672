import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { BulkAction } from '../../api/products-api';
import { productScreenMessages as m } from '../../lib/product-screen-messages';

/** "Are you sure you want to activate N products?" before `onConfirm` runs. */
export function confirmBulkAction(action: BulkAction, count: number, onConfirm: () => void): void {
  modals.openConfirmModal({
    title: action === 'activate' ? 'Confirm Activation' : 'Confirm Deactivation',
    centered: true,
    children: <Text size="sm">{m.confirmBulk(action, count)}</Text>,
    labels: { confirm: action === 'activate' ? 'Activate' : 'Deactivate', cancel: 'Cancel' },
    confirmProps: { color: action === 'activate' ? 'teal' : 'red' },
    onConfirm,
  });
}
