import { Card, List, Stack, Text, Title } from '@mantine/core';
import { formatCountOf, formatPhone, usePhoneFormat } from '../../../lib/format';
import type { MergeResult } from '../api/merge-api';

/** What each count of moved rows is called, singular and plural. */
const MOVED_LABELS: Record<string, [string, string]> = {
  notes: ['note', 'notes'],
  files: ['file', 'files'],
  history: ['history entry', 'history entries'],
  staffPositions: ['staff position', 'staff positions'],
  staff: ['staff member', 'staff members'],
  customers: ['customer', 'customers'],
  childAgencies: ['child agency', 'child agencies'],
  salesReps: ['sales representative', 'sales representatives'],
};

const fullName = (record: { name: string; surname?: string }) =>
  `${record.name} ${record.surname ?? ''}`.trim();

/** What the survivor will be and what moves to it, from the dry run, before anything is written. */
export function MergePreview({ preview }: { preview: MergeResult }) {
  const { survivor, moved, merged } = preview;
  const phoneFormat = usePhoneFormat();
  const phone = formatPhone(survivor.phone ?? survivor.officeNumber, phoneFormat);
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Merge preview">
      <Stack gap="xs">
        <Title order={3}>After the merge</Title>
        <Text fw={600}>{fullName(survivor)}</Text>
        <Text size="sm">
          {survivor.email ?? 'No e-mail'}
          {phone ? ` · ${phone}` : ''}
          {survivor.agency ? ` · ${survivor.agency.name}` : ''}
        </Text>
        <Text size="sm" fw={500} mt="sm">
          Moves from {fullName(merged)}:
        </Text>
        <List size="sm">
          {Object.entries(MOVED_LABELS).flatMap(([key, [one, many]]) => {
            const n = moved[key];
            return typeof n === 'number'
              ? [<List.Item key={key}>{formatCountOf(n, one, many)}</List.Item>]
              : [];
          })}
          {moved.partnerCustomer === true && <List.Item>its place as the partner's customer</List.Item>}
        </List>
        <Text size="xs" c="dimmed">
          {fullName(merged)} is then deactivated; links and searches for it open this record. An admin can
          undo the merge for 30 days.
        </Text>
      </Stack>
    </Card>
  );
}
