import { AUDIT_ACTION_LABELS, type AuditAction, type AuditEntry } from '@crm/domain';
import { Table, Text } from '@mantine/core';

const label = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;

/** `{"rows":12,"list":"users"}` as `rows: 12, list: users`: readable without being a second screen. */
function detailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

export function AuditTable({ rows }: { rows: AuditEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table aria-label="Audit log" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Person</Table.Th>
            <Table.Th>Target</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>
                <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
              </Table.Td>
              <Table.Td>{label(entry.action)}</Table.Td>
              <Table.Td>{entry.actor ? entry.actor.name : <Text c="dimmed">—</Text>}</Table.Td>
              <Table.Td>{entry.targetType ? `${entry.targetType} #${entry.targetId ?? ''}` : ''}</Table.Td>
              <Table.Td>{entry.address}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{detailText(entry.detail)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
