import type { ColumnFilter, FilterMode } from '@crm/domain';
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { defaultMode, FILTER_MODE_LABELS, offeredModes } from './filter-modes';
import type { ColumnFilterConfig } from './types';

export interface ColumnFilterFormProps {
  header: string;
  config: ColumnFilterConfig;
  value: ColumnFilter | undefined;
  /** Called with the new filter (undefined clears it) when the form is applied or cleared. */
  onDone: (filter: ColumnFilter | undefined) => void;
}

/**
 * The filter popover's form, a chunk of its own: Mantine's NativeSelect brings the whole Combobox
 * with it, which a list does not need until a filter is opened. Mounted each time the popover
 * opens, so it starts from the column's current filter.
 */
export function ColumnFilterForm({ header, config, value, onDone }: ColumnFilterFormProps) {
  const [mode, setMode] = useState<FilterMode>(value?.mode ?? defaultMode(config));
  const [text, setText] = useState(value?.value ?? '');
  const modes = offeredModes(config);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onDone(text.trim() === '' ? undefined : { mode, value: text.trim() });
  };

  return (
    <form onSubmit={apply}>
      <Stack gap="xs" w={240}>
        <Text size="sm" fw={600}>
          Filter {header}
        </Text>
        {modes.length > 1 && (
          <NativeSelect
            label="Match mode"
            size="xs"
            value={mode}
            data={modes.map((m) => ({ value: m, label: FILTER_MODE_LABELS[m] }))}
            onChange={(event) => setMode(event.currentTarget.value as FilterMode)}
          />
        )}
        {config.options ? (
          <NativeSelect
            label="Filter value"
            size="xs"
            value={text}
            data={[{ value: '', label: 'Any' }, ...config.options]}
            onChange={(event) => setText(event.currentTarget.value)}
          />
        ) : (
          <TextInput
            label="Filter value"
            size="xs"
            data-autofocus
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
        )}
        <Group justify="flex-end" gap="xs" mt={4}>
          <Button size="xs" variant="default" onClick={() => onDone(undefined)}>
            Clear
          </Button>
          <Button size="xs" type="submit">
            Apply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
