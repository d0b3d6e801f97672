import { ActionIcon, Group, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';

interface SubcategoryRowProps {
  name: string;
  /** A saved subcategory's version, handed back with the rename as it was when the rename began. */
  version?: number;
  /** Saves a new (trimmed, non-blank) name; resolves true when it was taken. */
  onRename: (name: string, version: number | undefined) => Promise<boolean> | boolean;
  onDelete: () => void;
  /** The active switch of a saved subcategory; absent for one not yet created. */
  active?: { checked: boolean; onChange: (isActive: boolean) => void };
}

/** A subcategory in the category dialog: its name, renamed in place, and delete. */
export function SubcategoryRow({ name, version, onRename, onDelete, active }: SubcategoryRowProps) {
  const [draft, setDraft] = useState<string>();
  // The name being renamed is the one of this version: a rename by someone else meanwhile is a 409.
  const [draftVersion, setDraftVersion] = useState<number>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const next = draft?.trim() ?? '';
    if (next === '' || next === name) {
      setDraft(undefined);
      return;
    }
    setSaving(true);
    const done = await onRename(next, draftVersion);
    setSaving(false);
    if (done) setDraft(undefined);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      setDraft(undefined);
    }
  };

  if (draft !== undefined) {
    return (
      <Group gap="xs" wrap="nowrap">
        <TextInput
          aria-label={`New name for ${name}`}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          // Escape leaves the rename without closing the dialog around it.
          data-mantine-stop-propagation="true"
          disabled={saving}
          autoFocus
          style={{ flex: 1 }}
        />
        <ActionIcon color="teal" variant="light" aria-label="Save name" loading={saving} onClick={save}>
          <IconCheck size={16} />
        </ActionIcon>
        <ActionIcon
          color="gray"
          variant="subtle"
          aria-label="Cancel rename"
          onClick={() => setDraft(undefined)}
        >
          <IconX size={16} />
        </ActionIcon>
      </Group>
    );
  }

  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Text
        size="sm"
        c={active && !active.checked ? 'dimmed' : undefined}
        style={{ flex: 1, wordBreak: 'break-word' }}
      >
        {name}
      </Text>
      {active && (
        <Switch
          size="xs"
          checked={active.checked}
          aria-label={`${name} active`}
          onChange={(event) => active.onChange(event.currentTarget.checked)}
        />
      )}
      <Tooltip label="Rename">
        <ActionIcon
          variant="subtle"
          aria-label={`Rename ${name}`}
          onClick={() => {
            setDraft(name);
            setDraftVersion(version);
          }}
        >
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
