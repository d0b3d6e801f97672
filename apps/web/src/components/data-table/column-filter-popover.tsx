import type { ColumnFilter, FilterMode } from '@crm/domain';
import { ActionIcon, Button, Group, NativeSelect, Popover, Stack, Text, TextInput } from '@mantine/core';
import { IconFilter, IconFilterFilled } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import classes from './data-table.module.css';
import { defaultMode, FILTER_MODE_LABELS, offeredModes } from './filter-modes';
import type { ColumnFilterConfig } from './types';

interface ColumnFilterPopoverProps {
  header: string;
  config: ColumnFilterConfig;
  value: ColumnFilter | undefined;
  onChange: (filter: ColumnFilter | undefined) => void;
}

export function ColumnFilterPopover({ header, config, value, onChange }: ColumnFilterPopoverProps) {
  const [opened, setOpened] = useState(false);
  const [mode, setMode] = useState<FilterMode>(value?.mode ?? defaultMode(config));
  const [text, setText] = useState(value?.value ?? '');
  const modes = offeredModes(config);

  const open = () => {
    setMode(value?.mode ?? defaultMode(config));
    setText(value?.value ?? '');
    setOpened(true);
  };

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange(text.trim() === '' ? undefined : { mode, value: text.trim() });
    setOpened(false);
  };

  const clear = () => {
    onChange(undefined);
    setOpened(false);
  };

  const FilterIcon = value ? IconFilterFilled : IconFilter;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" withArrow trapFocus>
      <Popover.Target>
        <ActionIcon
          variant={value ? 'light' : 'subtle'}
          color={value ? undefined : 'gray'}
          size={24}
          className={classes.filterButton}
          aria-label={`Filter ${header}`}
          aria-pressed={value !== undefined}
          onClick={() => (opened ? setOpened(false) : open())}
        >
          <FilterIcon size={14} stroke={1.8} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label={`Filter ${header}`} role="dialog">
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
              <Button size="xs" variant="default" onClick={clear}>
                Clear
              </Button>
              <Button size="xs" type="submit">
                Apply
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
