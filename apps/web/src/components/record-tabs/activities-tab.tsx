import { Center, Loader, Text, Timeline } from '@mantine/core';
import { IconArrowsExchange, IconNote, IconPencil, IconSparkles, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { usePhoneFormat } from '../../lib/format';
import { describeHistoryEntry, type HistoryTextOptions } from './history-text';
import type { HistoryEntry, RecordParent } from './record-types';
import { useRecordHistory } from './use-record-history';

export interface ActivitiesTabProps extends HistoryTextOptions {
  parent: RecordParent;
  /** What one entry shows; by default the sentence of describeHistoryEntry with the label options. */
  renderEntry?: (entry: HistoryEntry) => ReactNode;
  emptyText?: string;
}

const KIND_ICONS: Record<string, ReactNode> = {
  created: <IconSparkles size={12} />,
  conversion: <IconArrowsExchange size={12} />,
  note: <IconNote size={12} />,
  staff: <IconUsers size={12} />,
};

/** The record's edit history, newest first. A failed load is only logged; the list then stays empty. */
export function ActivitiesTab({
  parent,
  renderEntry,
  emptyText = 'No activity recorded yet.',
  fieldLabel,
  valueLabel,
}: ActivitiesTabProps) {
  const history = useRecordHistory(parent);
  // Phones in the entries are written by the formatting module once its phone library is in: this
  // loads it and shows the entries again when it arrives.
  usePhoneFormat();
  const render =
    renderEntry ??
    ((entry: HistoryEntry) => (
      <Text size="sm">{describeHistoryEntry(entry, { fieldLabel, valueLabel })}</Text>
    ));

  if (history.isPending) {
    return (
      <Center h={120}>
        <Loader size="sm" aria-label="Loading activities" />
      </Center>
    );
  }
  const entries = history.data ?? [];
  if (entries.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {emptyText}
      </Text>
    );
  }
  return (
    <Timeline bulletSize={22} lineWidth={2} py="sm">
      {entries.map((entry) => (
        <Timeline.Item key={entry.id} bullet={KIND_ICONS[entry.kind] ?? <IconPencil size={12} />}>
          {render(entry)}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
