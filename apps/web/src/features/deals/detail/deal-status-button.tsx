import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Deal } from '../api/deal-types';
import { useSetDealActive } from '../api/use-set-deal-active';

/**
 * Deactivate (asked first) or Activate, for admins: a deactivated deal leaves the board, the lists
 * and its owner's and assignee's sight, and is never deleted.
 */
export function DealStatusButton({ deal }: { deal: Deal }) {
  const setActive = useSetDealActive(deal.id);
  if (!deal.isActive) {
    return (
      <Button variant="light" loading={setActive.isPending} onClick={() => setActive.mutate(true)}>
        Activate
      </Button>
    );
  }
  const confirm = () =>
    modals.openConfirmModal({
      title: 'Deactivate deal',
      centered: true,
      children: <Text size="sm">{`Are you sure you want to deactivate ${deal.title}?`}</Text>,
      labels: { confirm: 'Deactivate', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => setActive.mutate(false),
    });
  return (
    <Button variant="light" color="red" loading={setActive.isPending} onClick={confirm}>
      Deactivate
    </Button>
  );
}
