import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useGuardedClose } from '../../lib/unsaved-changes';
import { RichTextField } from './rich-text-field';
import { richTextToPlain } from './rich-text-html';

/** The server refuses longer notes with the same words (apps/server/src/modules/notes/notes.service.ts). */
export const NOTE_MAX_CHARACTERS = 1000;
const NOTE_TOO_LONG = 'Note can be at most 1,000 characters';

interface AddNoteModalProps {
  opened: boolean;
  saving: boolean;
  onClose: () => void;
  /** Resolves true when the note was saved (the modal then closes). */
  onSave: (html: string) => Promise<boolean>;
}

/** 'Add Notes': a rich-text editor with Save and Cancel. */
export function AddNoteModal({ opened, saving, onClose, onSave }: AddNoteModalProps) {
  const [typed, setTyped] = useState(false);
  const closed = () => {
    setTyped(false);
    onClose();
  };
  // Escape, × or Cancel with a note typed asks before the note is thrown away.
  const close = useGuardedClose(opened && typed, closed);
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Add Notes"
      size="lg"
      centered
      // A click beside the dialog must not throw away what was typed.
      closeOnClickOutside={false}
    >
      {opened && (
        <AddNoteForm saving={saving} onClose={close} onSaved={closed} onSave={onSave} onTyped={setTyped} />
      )}
    </Modal>
  );
}

interface AddNoteFormProps extends Omit<AddNoteModalProps, 'opened'> {
  onSaved: () => void;
  onTyped: (typed: boolean) => void;
}

function AddNoteForm({ saving, onClose, onSaved, onSave, onTyped }: AddNoteFormProps) {
  const [html, setHtml] = useState('');
  const length = richTextToPlain(html).length;
  const tooLong = length > NOTE_MAX_CHARACTERS;
  useEffect(() => onTyped(length > 0), [length, onTyped]);

  const save = async () => {
    if (await onSave(html)) onSaved();
  };

  return (
    <>
      <RichTextField
        ariaLabel="Note"
        autoFocus
        initialValue=""
        onChange={setHtml}
        error={tooLong ? NOTE_TOO_LONG : undefined}
      />
      <Text size="xs" c={tooLong ? 'red' : 'dimmed'} ta="right" mt={4}>
        {length} / {NOTE_MAX_CHARACTERS}
      </Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={save} loading={saving} disabled={length === 0 || tooLong}>
          Save
        </Button>
      </Group>
    </>
  );
}
