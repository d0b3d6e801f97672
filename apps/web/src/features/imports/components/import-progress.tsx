import { Group, Progress, Stack, Text } from '@mantine/core';
import { formatCount } from '../../../lib/format';
import type { ImportView } from '../api/import-types';

const PHASE_LABELS = { preview: 'Checking rows', run: 'Importing', undo: 'Undoing' } as const;

function timeLeft(seconds: number | null): string {
  if (seconds === null) return '';
  if (seconds < 60) return ` · about ${seconds} s left`;
  return ` · about ${Math.ceil(seconds / 60)} min left`;
}

/** A job's progress as the server keeps it: rows done of all, errors so far, time left. */
export function ImportProgress({ progress }: { progress: NonNullable<ImportView['progress']> }) {
  const percent = progress.total > 0 ? Math.min(100, (progress.done / progress.total) * 100) : 0;
  const working = progress.state === 'running' || progress.state === 'queued';
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text fw={600}>{PHASE_LABELS[progress.phase]}</Text>
        <Text size="sm" c="dimmed" data-testid="import-progress-text">
          {formatCount(progress.done)} of {formatCount(progress.total)} rows · {formatCount(progress.errors)}{' '}
          {progress.phase === 'undo' ? 'kept' : 'errors'}
          {working ? timeLeft(progress.secondsLeft) : ''}
        </Text>
      </Group>
      <Progress value={percent} animated={working} aria-label={`${PHASE_LABELS[progress.phase]} progress`} />
    </Stack>
  );
}
