import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { agencyScreenMessages as msg } from '../agency-screen-messages';
import type { ActiveAction, Agency } from '../api/agency-types';

const VERB: Record<ActiveAction, string> = { activate: 'Activate', deactivate: 'Deactivate' };
const COLOR: Record<ActiveAction, string> = { activate: 'teal', deactivate: 'red' };

/** The row menu's confirm modal before one agency is activated or deactivated. */
export function confirmAgencyStatus(agency: Agency, onConfirm: (action: ActiveAction) => void): void {
  const action: ActiveAction = agency.isActive ? 'deactivate' : 'activate';
  modals.openConfirmModal({
    title: `${VERB[action]} agency`,
    centered: true,
    children: (
      <Stack gap={4}>
        <Text size="sm">{msg.confirmToggle(action)}</Text>
        <Text size="sm" fw={600}>
          {agency.name}
        </Text>
      </Stack>
    ),
    labels: { confirm: VERB[action], cancel: 'Cancel' },
    confirmProps: { color: COLOR[action] },
    onConfirm: () => onConfirm(action),
  });
}

/** The bulk confirm modal: "Are you sure you want to activate N agencies?" (002 §2). */
export function confirmBulkAgencyStatus(action: ActiveAction, count: number, onConfirm: () => void): void {
  modals.openConfirmModal({
    title: msg.bulkTitle(action),
    centered: true,
    children: <Text size="sm">{msg.bulkConfirm(action, count)}</Text>,
    labels: { confirm: VERB[action], cancel: 'Cancel' },
    confirmProps: { color: COLOR[action] },
    onConfirm,
  });
}
