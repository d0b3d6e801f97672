import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { saveColumnChoice } from './save-column-choice';

interface ChoosableColumn {
  key: string;
  header: string;
}

interface ColumnChooserProps {
  /** The list whose choice is kept for the person (a saved-view list). */
  list: string;
  columns: readonly ChoosableColumn[];
  /** Keys shown, in order. */
  shown: readonly string[];
  onChange: (shown: string[] | null) => void;
}

/** Shows, hides and orders a list's columns; at least one stays shown. */
export function ColumnChooser({ list, columns, shown, onChange: show }: ColumnChooserProps) {
  const queryClient = useQueryClient();
  const onChange = (keys: string[] | null) => {
    saveColumnChoice(queryClient, list, keys);
    show(keys);
  };
  const ordered = [
    ...shown.flatMap((key) => columns.filter((column) => column.key === key)),
    ...columns.filter((column) => !shown.includes(column.key)),
  ];
  const move = (key: string, by: -1 | 1) => {
    const keys = ordered.map((column) => column.key);
    const from = keys.indexOf(key);
    const to = from + by;
    if (to < 0 || to >= keys.length) return;
    [keys[from], keys[to]] = [keys[to] as string, keys[from] as string];
    onChange(keys.filter((k) => shown.includes(k)));
  };
  const toggle = (key: string, visible: boolean) => {
    const keys = ordered.map((column) => column.key);
    const next = keys.filter((k) => (k === key ? visible : shown.includes(k)));
    if (next.length > 0) onChange(next);
  };

  return (
    <Popover position="bottom-end" withinPortal shadow="md">
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} miw={220}>
          <Text size="sm" fw={600}>
            Columns
          </Text>
          {ordered.map((column, index) => (
            <Group key={column.key} justify="space-between" gap="xs" wrap="nowrap">
              <Checkbox
                label={column.header}
                checked={shown.includes(column.key)}
                onChange={(event) => toggle(column.key, event.currentTarget.checked)}
              />
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${column.header} up`}
                  disabled={index === 0}
                  onClick={() => move(column.key, -1)}
                >
                  <IconArrowUp size={14} />
                </ActionIcon>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${column.header} down`}
                  disabled={index === ordered.length - 1}
                  onClick={() => move(column.key, 1)}
                >
                  <IconArrowDown size={14} />
                </ActionIcon>
              </Group>
            </Group>
          ))}
          <Button size="xs" variant="subtle" onClick={() => onChange(null)}>
            Reset columns
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
