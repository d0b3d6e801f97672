import { Anchor, Badge, Button, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useImportHistory } from '../api/imports-api';
import { STATE_LABELS } from './import-page';

const WHAT: Record<string, string> = {
  'contacts:LEAD': 'Leads',
  'contacts:CUSTOMER': 'Customers',
  'agencies:': 'Partners',
};

/** /imports: every import (one's own, or everyone's for admins) with who, when, the file and counts. */
export function ImportHistoryPage() {
  const [page, setPage] = useState(0);
  const history = useImportHistory(page);
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / 20));
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Import history</Title>
        <Button component={Link} to="/imports/new" leftSection={<IconUpload size={16} />}>
          New import
        </Button>
      </Group>
      <Table striped withTableBorder aria-label="Imports">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Records</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>When</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Updated</Table.Th>
            <Table.Th>Skipped</Table.Th>
            <Table.Th>Errors</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(history.data?.rows ?? []).map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Anchor component={Link} to={`/imports/${row.id}`}>
                  {row.filename}
                </Anchor>
              </Table.Td>
              <Table.Td>{WHAT[`${row.entity}:${row.type ?? ''}`]}</Table.Td>
              <Table.Td>{row.user.name}</Table.Td>
              <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
              <Table.Td>
                <Badge variant="light">{STATE_LABELS[row.state] ?? row.state}</Badge>
              </Table.Td>
              <Table.Td>{formatCount(row.counts.created)}</Table.Td>
              <Table.Td>{formatCount(row.counts.updated)}</Table.Td>
              <Table.Td>{formatCount(row.counts.skipped)}</Table.Td>
              <Table.Td>{formatCount(row.counts.errors)}</Table.Td>
            </Table.Tr>
          ))}
          {history.data?.rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={9}>
                <Text c="dimmed">No imports yet</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination total={pages} value={page + 1} onChange={(value) => setPage(value - 1)} />
        </Group>
      )}
    </Stack>
  );
}
