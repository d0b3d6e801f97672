import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatCount } from '../../lib/format';
import {
  type BulkAction,
  type BulkExtra,
  type BulkList,
  type BulkTarget,
  fetchBulkJob,
  postBulk,
} from './bulk-api';

/** How long a deactivation's toast offers Undo. */
export const UNDO_MS = 8000;
const POLL_MS = 400;
/**
 * A progress notification stays at least this long: a job that ends at the first look would
 * otherwise flash its progress for a moment nobody can read.
 */
const MIN_PROGRESS_MS = 1200;

export interface BulkOutcome {
  count: number;
  message: string;
  /** The records that changed, as a target: an Undo puts back exactly these. */
  changed: BulkTarget;
}

const VERBS: Record<BulkAction, string> = {
  activate: 'Activating',
  deactivate: 'Deactivating',
  reassign: 'Reassigning',
  move: 'Moving',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function progressMessage(action: BulkAction, done: number, total: number) {
  return (
    <Stack gap={4}>
      <Text size="sm">{`${VERBS[action]} ${formatCount(done)} of ${formatCount(total)}…`}</Text>
      <Progress
        value={total === 0 ? 0 : (done / total) * 100}
        aria-label={`${VERBS[action]} progress`}
        size="sm"
      />
    </Stack>
  );
}

/**
 * Runs a bulk action on the server. A large one is a job: its progress shows in a notification,
 * read from the server until the job ends, so a reload or another tab reads the same progress.
 */
export async function runBulk(
  list: BulkList,
  action: BulkAction,
  target: BulkTarget,
  extra: BulkExtra = {},
): Promise<BulkOutcome> {
  const started = await postBulk(list, action, target, extra);
  if ('done' in started) {
    const { count, message, ids } = started.done;
    return { count, message, changed: { ids } };
  }
  const { jobId, total } = started.job;
  const id = `bulk-${jobId}`;
  const shownAt = Date.now();
  notifications.show({
    id,
    message: progressMessage(action, 0, total),
    autoClose: false,
    withCloseButton: false,
  });
  try {
    for (;;) {
      await sleep(POLL_MS);
      const job = await fetchBulkJob(jobId);
      if (job.state === 'done') {
        return { count: job.count ?? 0, message: job.message ?? '', changed: { undoOf: jobId } };
      }
      if (job.state === 'failed' || job.state === 'cancelled')
        throw new Error(job.error ?? 'Bulk action failed');
      notifications.update({ id, message: progressMessage(action, job.done, job.total) });
    }
  } finally {
    await sleep(Math.max(0, shownAt + MIN_PROGRESS_MS - Date.now()));
    notifications.hide(id);
  }
}

/** A deactivation's outcome with Undo, for UNDO_MS: Undo reactivates exactly what changed. */
export function toastWithUndo(message: string, onUndo: () => void): void {
  const id = `undo-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  notifications.show({
    id,
    color: 'teal',
    withBorder: true,
    autoClose: UNDO_MS,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            onUndo();
          }}
        >
          Undo
        </Button>
      </Group>
    ),
  });
}
