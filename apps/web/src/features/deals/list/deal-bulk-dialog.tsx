import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatCountOf } from '../../../lib/format';
import type { DealStage, LostReason } from '../api/deal-types';
import type { DealBulkChange } from '../api/use-deal-bulk';

interface DealBulkDialogProps {
  action: 'reassign' | 'move';
  count: number;
  stages: DealStage[];
  reasons: LostReason[];
  users: { value: string; label: string }[];
  saving: boolean;
  onClose: () => void;
  onConfirm: (change: DealBulkChange) => void;
}

/** Asks whom the selected deals go to, or which stage they move to (and why, when it is Lost). */
export function DealBulkDialog({
  action,
  count,
  stages,
  reasons,
  users,
  saving,
  onClose,
  onConfirm,
}: DealBulkDialogProps) {
  const [choice, setChoice] = useState<string | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const stage = stages.find((candidate) => String(candidate.id) === choice);
  const needsReason = action === 'move' && stage?.kind === 'lost';
  const ready = choice !== null && (!needsReason || reason !== null);

  const confirm = () => {
    if (!ready) return;
    onConfirm(
      action === 'reassign'
        ? { action, userId: Number(choice) }
        : { action, stageId: Number(choice), lostReasonId: reason === null ? null : Number(reason) },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={action === 'reassign' ? 'Reassign deals' : 'Move deals'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Text size="sm">{formatCountOf(count, 'deal')} selected</Text>
        {action === 'reassign' ? (
          <Select
            label="New owner"
            description="They become each deal's owner and assignee"
            searchable
            data={users}
            value={choice}
            onChange={setChoice}
            data-autofocus
          />
        ) : (
          <Select
            label="Stage"
            data={stages
              .filter((candidate) => candidate.isActive)
              .map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
            value={choice}
            onChange={setChoice}
            data-autofocus
          />
        )}
        {needsReason && (
          <Select
            label="Lost reason"
            required
            data={reasons
              .filter((candidate) => candidate.isActive)
              .map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
            value={reason}
            onChange={setReason}
          />
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={!ready} loading={saving}>
            {action === 'reassign' ? 'Reassign' : 'Move'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
