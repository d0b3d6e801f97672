import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { formatCount } from '../../../lib/format';
import type { ContactListRow } from '../api/contact-types';
import { fullName } from './contact-list-labels';

function openDeactivateConfirm(title: string, message: string, onConfirm: () => void): void {
  modals.openConfirmModal({
    title,
    centered: true,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: 'Deactivate', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

/** Confirms the deactivation of one contact (001 §2.2). */
export function confirmDeactivateContact(contact: ContactListRow, onConfirm: () => void): void {
  openDeactivateConfirm(
    'Deactivate contact',
    `Are you sure you want to deactivate ${fullName(contact)}?`,
    onConfirm,
  );
}

/** Confirms the deactivation of the selected contacts. */
export function confirmDeactivateSelected(count: number, onConfirm: () => void): void {
  openDeactivateConfirm(
    'Deactivate selected contacts',
    `Are you sure you want to deactivate the ${formatCount(count)} selected ${count === 1 ? 'contact' : 'contacts'}?`,
    onConfirm,
  );
}
