import { Text } from '@mantine/core';
import type { HistoryEntry } from '../../../components/record-tabs';
import { formatDateTime } from '../../../lib/format';
import { agencyHistoryText } from './agency-history-text';

/** One Activities entry: what changed, whom or what it concerns, then who and when. */
export function AgencyHistoryEntry({ entry }: { entry: HistoryEntry }) {
  const { title, detail } = agencyHistoryText(entry);
  return (
    <>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {detail && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {entry.user?.name ?? 'Someone'} · {formatDateTime(entry.timestamp)}
      </Text>
    </>
  );
}
