import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Red for what removes something, teal for what restores it. */
  color: 'red' | 'teal';
  onConfirm: () => void;
}

/** A centred confirmation dialog with the action's own verb and Cancel. */
export function confirmAction({ title, message, confirmLabel, color, onConfirm }: ConfirmOptions): void {
  modals.openConfirmModal({
    title,
    centered: true,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: confirmLabel, cancel: 'Cancel' },
    confirmProps: { color },
    onConfirm,
  });
}
