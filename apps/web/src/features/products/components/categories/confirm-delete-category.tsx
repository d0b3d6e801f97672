import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { productScreenMessages as m } from '../../lib/product-screen-messages';

/** "Are you sure you want to delete this category?" before `onConfirm` runs. */
export function confirmDeleteCategory(name: string, onConfirm: () => void): void {
  modals.openConfirmModal({
    title: `Delete ${name}`,
    centered: true,
    children: <Text size="sm">{m.confirmDeleteCategory}</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
