import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { formatDate } from '../../lib/format';
import classes from './record-row.module.css';
import type { RecordFile } from './record-types';

interface FileRowProps {
  file: RecordFile;
  isAdmin: boolean;
  /** The admins' status text of a deleted file ('User deleted file'). */
  deletedStatus: string;
  onDelete: (file: RecordFile) => void;
  onReactivate: (file: RecordFile) => void;
}

/** One file: a link that opens it in a new tab, its valid-until date, admin status, actions. */
export function FileRow({ file, isAdmin, deletedStatus, onDelete, onReactivate }: FileRowProps) {
  const expired = file.validUntil < dayjs().format('YYYY-MM-DD');
  return (
    <Table.Tr className={file.isActive ? undefined : classes.inactive}>
      <Table.Td maw={360}>
        <Anchor
          href={file.url}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          style={{ wordBreak: 'break-all' }}
        >
          <Group gap={4} wrap="nowrap" component="span">
            {file.name}
            <IconExternalLink size={14} style={{ flexShrink: 0 }} />
          </Group>
        </Anchor>
        <Text size="xs" c="dimmed">
          {file.uploadedBy.name} · {formatDate(file.createdAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDate(file.validUntil)}
          </Text>
          {expired && (
            <Badge color="orange" variant="light" size="sm">
              Expired
            </Badge>
          )}
        </Group>
      </Table.Td>
      {isAdmin && (
        <Table.Td>
          {file.isActive ? (
            <Text size="sm" c="teal">
              Active
            </Text>
          ) : (
            <>
              <Text size="sm" c="red">
                {deletedStatus}
              </Text>
              {file.deletedBy && (
                <Text size="xs" c="dimmed">
                  by {file.deletedBy.name}
                </Text>
              )}
            </>
          )}
        </Table.Td>
      )}
      <Table.Td>
        {file.isActive ? (
          <Button size="xs" variant="light" color="red" onClick={() => onDelete(file)}>
            Delete
          </Button>
        ) : (
          isAdmin && (
            <Button size="xs" variant="light" color="teal" onClick={() => onReactivate(file)}>
              Reactivate
            </Button>
          )
        )}
      </Table.Td>
    </Table.Tr>
  );
}
