import { ActionIcon, Group, Select, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { EditConflictNotice } from '../../../components/edit-conflict';
import { EMPTY_VALUE } from '../../../lib/format';
import type { InlineEdit } from '../api/use-inline-contact-edit';
import type { DetailField } from './contact-field-groups';
import { NONE } from './contact-form-values';
import classes from './inline-field.module.css';

interface InlineFieldProps {
  field: DetailField;
  edit: InlineEdit;
}

/**
 * A label and its value. An editable value is a button: a click (or Enter on it) turns it into the
 * field's input, Enter or ✓ saves, Escape or × puts the value back.
 */
export function InlineField({ field, edit }: InlineFieldProps) {
  const { editor } = field;
  const editing = editor !== undefined && edit.field === editor.field;
  return (
    <Stack gap={2} className={editing ? classes.editing : undefined}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {field.label}
      </Text>
      {editing ? (
        <InlineEditor field={field} edit={edit} />
      ) : editor ? (
        <UnstyledButton
          className={classes.value}
          aria-label={`${field.label}: ${field.text ?? 'empty'}. Edit`}
          onClick={() => edit.start(editor.field)}
        >
          {/* The visible text alone is the value (the pencil is decoration). */}
          <Text span size="sm" c={field.text === null ? 'dimmed' : undefined}>
            {field.text ?? EMPTY_VALUE}
          </Text>
          <IconPencil size={14} className={classes.pencil} aria-hidden="true" />
        </UnstyledButton>
      ) : (
        <Text size="sm" c={field.text === null ? 'dimmed' : undefined} style={{ wordBreak: 'break-word' }}>
          {field.text ?? EMPTY_VALUE}
        </Text>
      )}
    </Stack>
  );
}

function InlineEditor({ field, edit }: InlineFieldProps) {
  const editor = field.editor;
  if (!editor) return null;
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      edit.cancel();
    } else if (event.key === 'Enter' && editor.kind === 'text') {
      event.preventDefault();
      void edit.save();
    }
  };
  return (
    <Stack gap="xs">
      <Group gap={6} wrap="nowrap" align="flex-start">
        {editor.kind === 'text' ? (
          <TextInput
            aria-label={field.label}
            size="sm"
            flex={1}
            autoFocus
            value={edit.draft}
            error={edit.error}
            description="Enter saves, Escape cancels"
            inputWrapperOrder={['input', 'error', 'description']}
            onChange={(event) => edit.type(event.currentTarget.value)}
            onKeyDown={keys}
          />
        ) : (
          <Select
            aria-label={field.label}
            size="sm"
            flex={1}
            autoFocus
            searchable
            clearable
            defaultDropdownOpened
            data={editor.options as { value: string; label: string }[]}
            value={edit.draft === NONE ? null : edit.draft}
            error={edit.error}
            onChange={(value) => void edit.save(value ?? NONE)}
            onKeyDown={keys}
            comboboxProps={{ withinPortal: false }}
          />
        )}
        {editor.kind === 'text' && (
          <ActionIcon
            size="lg"
            variant="light"
            aria-label={`Save ${field.label}`}
            loading={edit.saving}
            onClick={() => void edit.save()}
          >
            <IconCheck size={16} />
          </ActionIcon>
        )}
        <ActionIcon size="lg" variant="subtle" color="gray" aria-label="Cancel" onClick={edit.cancel}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
      <EditConflictNotice
        noun="contact"
        conflict={edit.conflict}
        live={edit.live}
        place="in this field"
        onReload={(record) => void edit.reload(record)}
      />
    </Stack>
  );
}
