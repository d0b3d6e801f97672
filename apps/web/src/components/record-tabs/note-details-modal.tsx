import { Button, Group, Modal, Text } from '@mantine/core';
import { formatDateTime } from '../../lib/format';
import type { RecordNote } from './record-types';
import { RichTextView } from './rich-text-view';

interface NoteDetailsModalProps {
  note: RecordNote | null;
  onClose: () => void;
}

/** 'Note Details': the note as rich text, who wrote it and when, and Close. */
export function NoteDetailsModal({ note, onClose }: NoteDetailsModalProps) {
  return (
    <Modal opened={note !== null} onClose={onClose} title="Note Details" size="lg" centered>
      {note && (
        <>
          <Text size="xs" c="dimmed" mb="sm">
            {note.user.name} · {formatDateTime(note.createdAt)}
          </Text>
          <RichTextView html={note.content} />
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
