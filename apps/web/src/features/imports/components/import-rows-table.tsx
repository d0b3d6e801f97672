import { Badge, Group, Pagination, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ImportRow } from '../api/import-types';
import { ROWS_PER_PAGE, useImportRows } from '../api/imports-api';

const ACTION_COLOURS: Record<string, string> = {
  create: 'green',
  update: 'blue',
  skip: 'gray',
  error: 'red',
  deactivate: 'orange',
  restore: 'blue',
  keep: 'yellow',
};
const ACTION_LABELS: Record<string, string> = {
  create: 'Create',
  update: 'Update',
  skip: 'Skip',
  error: 'Error',
  deactivate: 'Deactivated',
  restore: 'Restored',
  keep: 'Kept',
};

/** One line per duplicate; the one the row is skipped for is said by its reason, so not again. */
function duplicateText(row: ImportRow): string[] {
  return row.duplicates
    .filter((d) => !d.reason)
    .map(
      (d) =>
        d.message ??
        (d.in === 'file'
          ? `Same ${d.on.join(' and ')} as row ${d.row}`
          : `Like ${d.name} (${d.on.join(' and ')})`),
    );
}

interface Detail {
  text: string;
  /** Warnings stand out from the rest. */
  colour?: string;
}

function details(row: ImportRow, phase: string, labels: Map<string, string>): Detail[] {
  if (phase === 'undo') {
    const changes = (row.changes ?? {}) as { restored?: string[]; kept?: string[] };
    return [
      ...(changes.restored?.length ? [`Put back: ${changes.restored.join(', ')}`] : []),
      ...(changes.kept?.length ? [`Changed since the import, kept: ${changes.kept.join(', ')}`] : []),
    ].map((text) => ({ text }));
  }
  const changes = row.action === 'update' && row.changes ? Object.entries(row.changes) : [];
  return [
    ...row.errors.map((e) => ({ text: e.message })),
    ...(row.warnings ?? []).map((w) => ({ text: w.message, colour: 'orange' })),
    // How phones without a calling code were read, so that a wrong default country shows.
    ...Object.entries(row.readings ?? {}).map(([field, value]) => ({
      text: `${labels.get(field) ?? field}: ${value}`,
    })),
    ...changes.map(([field, value]) => {
      const [before, after] = value as [unknown, unknown];
      return { text: `${field}: ${before ?? '—'} → ${after ?? '—'}` };
    }),
    ...duplicateText(row).map((text) => ({ text })),
  ];
}

const FILTERS: Record<string, { value: string; label: string }[]> = {
  preview: [
    { value: '', label: 'All' },
    { value: 'error', label: 'Errors' },
    { value: 'skip', label: 'Skipped' },
    { value: 'update', label: 'Updates' },
    { value: 'create', label: 'New' },
  ],
  // The run's table lists the rows it did not import; the created and updated are in the list.
  run: [
    { value: 'error,skip', label: 'All not imported' },
    { value: 'error', label: 'Errors' },
    { value: 'skip', label: 'Skipped' },
  ],
  undo: [
    { value: '', label: 'All' },
    { value: 'keep,restore', label: 'Updates' },
  ],
};

/** Every row's outcome of a phase, a page at a time, filtered by what happens to it. */
export function ImportRowsTable({
  importId,
  phase,
  total,
  fields = [],
}: {
  importId: number;
  phase: 'preview' | 'run' | 'undo';
  /** How many rows the first filter shows: every row, or for the run every row not imported. */
  total: number;
  /** The import's fields, to name the fields the details mention. */
  fields?: { key: string; label: string }[];
}) {
  const labels = new Map(fields.map((field) => [field.key, field.label]));
  // The first filter shows every row of the table, `total` of them.
  const everything = FILTERS[phase]?.[0]?.value ?? '';
  const [action, setAction] = useState(everything);
  const [page, setPage] = useState(0);
  const rows = useImportRows(importId, phase, action, page, true);
  const pages = Math.max(1, Math.ceil(total / ROWS_PER_PAGE));
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Show rows"
        value={action}
        onChange={(value) => {
          setAction(value);
          setPage(0);
        }}
        data={FILTERS[phase] ?? []}
        w="fit-content"
      />
      <Table striped withTableBorder aria-label={`Rows of the ${phase}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>Row</Table.Th>
            <Table.Th w={130}>Outcome</Table.Th>
            <Table.Th w={220}>Record</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(rows.data ?? []).map((row) => (
            <Table.Tr key={row.row}>
              <Table.Td>{row.row}</Table.Td>
              <Table.Td>
                <Badge color={ACTION_COLOURS[row.action] ?? 'gray'} variant="light">
                  {ACTION_LABELS[row.action] ?? row.action}
                </Badge>
              </Table.Td>
              <Table.Td>{row.label}</Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  {details(row, phase, labels).map((line) => (
                    <Text key={line.text} size="sm" c={line.colour}>
                      {line.text}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
          {rows.data?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed" size="sm">
                  No rows
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {action === everything && pages > 1 && (
        <Group justify="flex-end">
          <Pagination total={pages} value={page + 1} onChange={(value) => setPage(value - 1)} size="sm" />
        </Group>
      )}
      {action !== everything && (rows.data?.length ?? 0) === ROWS_PER_PAGE && (
        <Group justify="flex-end">
          <Pagination total={page + 2} value={page + 1} onChange={(value) => setPage(value - 1)} size="sm" />
        </Group>
      )}
    </Stack>
  );
}
