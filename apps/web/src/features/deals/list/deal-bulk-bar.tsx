import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowsRight, IconUserOff, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { SelectAllMatching } from '../../../components/bulk-actions';
import type { ListTotals } from '../../../components/data-table';
import type { BulkSelectionState } from '../../../components/data-table/use-row-selection';
import { formatCountOf } from '../../../lib/format';
import type { DealStage, LostReason } from '../api/deal-types';
import { type DealBulkChange, useDealBulk } from '../api/use-deal-bulk';
import { useDealsByFilter } from '../api/use-deals-by-filter';
import { DealBulkDialog } from './deal-bulk-dialog';

interface DealBulkBarProps {
  picked: BulkSelectionState;
  /** The list's parameters: with every matching deal selected, they say which. */
  listParams: URLSearchParams;
  totals: ListTotals;
  isAdmin: boolean;
  stages: DealStage[];
  reasons: LostReason[];
  users: { value: string; label: string }[];
}

/**
 * The deals list's bulk changes: move (anyone, their own deals), reassign and deactivate (admins).
 * Ticked deals change one request each; "Select all N matching" hands the list's filter to the
 * server, which runs it as a job with progress when there are many.
 */
export function DealBulkBar({
  picked,
  listParams,
  totals,
  isAdmin,
  stages,
  reasons,
  users,
}: DealBulkBarProps) {
  const [dialog, setDialog] = useState<'reassign' | 'move' | null>(null);
  const done = () => {
    setDialog(null);
    picked.clear();
  };
  const perId = useDealBulk();
  const byFilter = useDealsByFilter(done);
  const saving = perId.isPending || byFilter.isPending;
  const none = picked.count === 0;

  const run = (change: DealBulkChange) => {
    if (picked.allMatching) byFilter.mutate({ change, listParams });
    else perId.mutate({ ids: picked.ids, change }, { onSettled: done });
  };

  const confirmDeactivate = () =>
    modals.openConfirmModal({
      title: 'Deactivate selected deals',
      centered: true,
      children: (
        <Text size="sm">{`Are you sure you want to deactivate the ${formatCountOf(picked.count, 'selected deal')}?`}</Text>
      ),
      labels: { confirm: 'Deactivate', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => run({ action: 'deactivate' }),
    });

  return (
    <Group gap="xs">
      <SelectAllMatching list="deals" listParams={listParams} selection={picked} totals={totals} />
      {!none && (
        <Text size="sm" c="dimmed">
          {formatCountOf(picked.count, 'deal')} selected
        </Text>
      )}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconArrowsRight size={14} />}
        disabled={none || saving}
        onClick={() => setDialog('move')}
      >
        Move stage
      </Button>
      {isAdmin && (
        <>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconUsersGroup size={14} />}
            disabled={none || saving}
            onClick={() => setDialog('reassign')}
          >
            Reassign
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconUserOff size={14} />}
            disabled={none || saving}
            onClick={confirmDeactivate}
          >
            Deactivate
          </Button>
        </>
      )}
      {dialog && (
        <DealBulkDialog
          action={dialog}
          count={picked.count}
          stages={stages}
          reasons={reasons}
          users={users}
          saving={saving}
          onClose={() => setDialog(null)}
          onConfirm={run}
        />
      )}
    </Group>
  );
}
