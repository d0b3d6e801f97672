import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../lib/format';
import classes from './record-row.module.css';
import type { RecordNote } from './record-types';
import { richTextToPlain } from './rich-text-html';

const EXCERPT_LENGTH = 120;

interface NoteRowProps {
  note: RecordNote;
  isAdmin: boolean;
  onView: (note: RecordNote) => void;
  onDelete: (note: RecordNote) => void;
  onReactivate: (note: RecordNote) => void;
}

export function excerptOf(html: string): string {
  const text = richTextToPlain(html);
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text;
}

/** One note: a plain-text excerpt, its author and date; deleted notes (admins only) are dimmed. */
export function NoteRow({ note, isAdmin, onView, onDelete, onReactivate }: NoteRowProps) {
  return (
    <Table.Tr className={note.isActive ? undefined : classes.inactive}>
      <Table.Td maw={420}>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" lineClamp={2} style={{ flex: 1 }}>
            {excerptOf(note.content)}
          </Text>
          {!note.isActive && (
            <Badge color="gray" variant="outline" size="sm" style={{ flexShrink: 0 }}>
              Deleted
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{note.user.name}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(note.createdAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => onView(note)}>
            View
          </Button>
          {note.isActive && (
            <Button size="xs" variant="light" color="red" onClick={() => onDelete(note)}>
              Delete
            </Button>
          )}
          {!note.isActive && isAdmin && (
            <Button size="xs" variant="light" color="teal" onClick={() => onReactivate(note)}>
              Reactivate
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
