import { type User, userScreenMessages } from '@crm/domain';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ActiveAction } from '../api/users-api';

/** Asks "Are you sure you want to activate|deactivate this user?" before calling `onConfirm`. */
export function confirmToggleActive(user: User, onConfirm: (action: ActiveAction) => void): void {
  const action: ActiveAction = user.isActive ? 'deactivate' : 'activate';
  const verb = action === 'activate' ? 'Activate' : 'Deactivate';
  modals.openConfirmModal({
    title: `${verb} user`,
    centered: true,
    children: <Text size="sm">{userScreenMessages.confirmToggle(action)}</Text>,
    labels: { confirm: verb, cancel: 'Cancel' },
    confirmProps: { color: action === 'activate' ? 'teal' : 'red' },
    onConfirm: () => onConfirm(action),
  });
}
