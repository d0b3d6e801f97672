import { Button, Center, Group, Loader, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentUser } from '../../lib/session-context';
import { AddNoteModal } from './add-note-modal';
import { confirmAction } from './confirm-action';
import { NoteDetailsModal } from './note-details-modal';
import { NoteRow } from './note-row';
import { DEFAULT_NOTES_MESSAGES, type NotesMessages } from './record-messages';
import type { RecordNote, RecordParent } from './record-types';
import { useAddNote, useRecordNotes, useSetNoteState } from './use-record-notes';

export interface NotesTabProps {
  parent: RecordParent;
  /** Texts that differ from the contacts screen's (001 §8), e.g. a partner's 'Failed: {error}'. */
  messages?: Partial<NotesMessages>;
}

/** Notes of a contact or a partner: table, Note Details, Add Notes, delete and admin reactivate. */
export function NotesTab({ parent, messages }: NotesTabProps) {
  const texts: NotesMessages = { ...DEFAULT_NOTES_MESSAGES, ...messages };
  const isAdmin = useCurrentUser().role === 'admin';
  const notes = useRecordNotes(parent, texts);
  const add = useAddNote(parent, texts);
  const setState = useSetNoteState(parent, texts);
  const [viewed, setViewed] = useState<RecordNote | null>(null);
  const [adding, setAdding] = useState(false);

  const confirmDelete = (note: RecordNote) =>
    confirmAction({
      title: 'Delete note',
      message: 'Are you sure you want to delete this note?',
      confirmLabel: 'Delete',
      color: 'red',
      onConfirm: () => setState.mutate({ noteId: note.id, action: 'delete' }),
    });

  const confirmReactivate = (note: RecordNote) =>
    confirmAction({
      title: 'Reactivate note',
      message: 'Are you sure you want to reactivate this note?',
      confirmLabel: 'Reactivate',
      color: 'teal',
      onConfirm: () => setState.mutate({ noteId: note.id, action: 'reactivate' }),
    });

  const saveNote = async (html: string) => {
    try {
      await add.mutateAsync(html);
      return true;
    } catch {
      return false;
    }
  };

  const rows = notes.data ?? [];
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          Add Notes
        </Button>
      </Group>
      {notes.isPending ? (
        <Center h={120}>
          <Loader size="sm" aria-label="Loading notes" />
        </Center>
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {texts.empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Note</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((note) => (
                <NoteRow
                  key={note.id}
                  note={note}
                  isAdmin={isAdmin}
                  onView={setViewed}
                  onDelete={confirmDelete}
                  onReactivate={confirmReactivate}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <NoteDetailsModal note={viewed} onClose={() => setViewed(null)} />
      <AddNoteModal
        opened={adding}
        saving={add.isPending}
        onClose={() => setAdding(false)}
        onSave={saveNote}
      />
    </>
  );
}
