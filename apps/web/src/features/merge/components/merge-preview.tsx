import { Card, List, Stack, Text, Title } from '@mantine/core';
import type { ContactMergeResult } from '../api/merge-api';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the survivor will be and what moves to it, from the dry run, before anything is written. */
export function MergePreview({ preview }: { preview: ContactMergeResult }) {
  const { survivor, moved, merged } = preview;
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Merge preview">
      <Stack gap="xs">
        <Title order={3}>After the merge</Title>
        <Text fw={600}>
          {survivor.name} {survivor.surname}
        </Text>
        <Text size="sm">
          {survivor.email ?? 'No e-mail'} · +{survivor.phone}
          {survivor.agency ? ` · ${survivor.agency.name}` : ''}
        </Text>
        <Text size="sm" fw={500} mt="sm">
          Moves from {merged.name} {merged.surname}:
        </Text>
        <List size="sm">
          <List.Item>{plural(moved.notes, 'note', 'notes')}</List.Item>
          <List.Item>{plural(moved.files, 'file', 'files')}</List.Item>
          <List.Item>{plural(moved.history, 'history entry', 'history entries')}</List.Item>
          <List.Item>{plural(moved.staffPositions, 'staff position', 'staff positions')}</List.Item>
          {moved.partnerCustomer && <List.Item>its place as the partner's customer</List.Item>}
        </List>
        <Text size="xs" c="dimmed">
          {merged.name} {merged.surname} is then deactivated; links and searches for it open this record. An
          admin can undo the merge for 30 days.
        </Text>
      </Stack>
    </Card>
  );
}
