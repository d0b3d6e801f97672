import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';

interface SubcategoryAdderProps {
  /** Takes a trimmed, non-blank name; resolves true when it was added (the input then empties). */
  onAdd: (name: string) => Promise<boolean> | boolean;
  busy?: boolean;
}

/** The input and button that add a subcategory; a blank name is ignored (002 §5). */
export function SubcategoryAdder({ onAdd, busy = false }: SubcategoryAdderProps) {
  const [name, setName] = useState('');

  const add = async () => {
    const trimmed = name.trim();
    if (trimmed === '') return;
    if (await onAdd(trimmed)) setName('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the subcategory rather than submitting the whole dialog.
    if (event.key === 'Enter') {
      event.preventDefault();
      void add();
    }
  };

  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        label="New subcategory"
        placeholder="Subcategory name"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        style={{ flex: 1 }}
      />
      <Button variant="light" leftSection={<IconPlus size={16} />} loading={busy} onClick={add}>
        Add
      </Button>
    </Group>
  );
}
