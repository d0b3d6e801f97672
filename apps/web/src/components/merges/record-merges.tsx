import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconGitMerge } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { type MergeKind, useRecordMerges, useUndoMerge } from './merges-api';

const UNDO_DAYS = 30;

/** An admin's note of the merges into this record, each with Undo while it may still be undone. */
export function RecordMerges({ kind, recordId }: { kind: MergeKind; recordId: number }) {
  const merges = useRecordMerges(kind, recordId);
  const undo = useUndoMerge(kind);
  const open = (merges.data ?? []).filter(
    (merge) =>
      merge.survivorId === recordId &&
      merge.undoneAt === null &&
      Date.now() - new Date(merge.mergedAt).getTime() < UNDO_DAYS * 86_400_000,
  );
  if (open.length === 0) return null;
  const confirmUndo = (mergeId: number, mergedId: number) =>
    modals.openConfirmModal({
      title: 'Undo merge',
      centered: true,
      children: (
        <Text size="sm">Restore both records as they were before the merge with record #{mergedId}?</Text>
      ),
      labels: { confirm: 'Undo merge', cancel: 'Cancel' },
      onConfirm: () =>
        undo.mutate(mergeId, {
          onSuccess: () => toast.success('Merge undone'),
          onError: (error) => toast.error(errorMessage(error, 'Could not undo the merge')),
        }),
    });
  return (
    <Alert color="blue" variant="light" icon={<IconGitMerge size={18} />} title="Merged records">
      <Stack gap={4}>
        {open.map((merge) => (
          <Group key={merge.id} justify="space-between">
            <Text size="sm">
              Record #{merge.mergedId} was merged into this one on {formatDateTime(merge.mergedAt)}
              {merge.by ? ` by ${merge.by}` : ''}.
            </Text>
            <Button size="xs" variant="light" onClick={() => confirmUndo(merge.id, merge.mergedId)}>
              Undo merge
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
