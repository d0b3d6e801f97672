import { Group, Kbd, Modal, Stack, Text } from '@mantine/core';
import { GO_SHORTCUTS } from './palette-actions';

interface ShortcutsHelpProps {
  opened: boolean;
  onClose: () => void;
  isAdmin: boolean;
}

/** Every keyboard shortcut, opened with `?`. */
export function ShortcutsHelp({ opened, onClose, isAdmin }: ShortcutsHelpProps) {
  const rows: { keys: string[]; label: string }[] = [
    { keys: ['Ctrl', 'K'], label: 'Search and commands (⌘ K on a Mac)' },
    { keys: ['/'], label: 'Search and commands' },
    ...GO_SHORTCUTS.filter((s) => isAdmin || !('adminOnly' in s)).map((s) => ({
      keys: ['g', s.key],
      label: `Go to ${s.label}`,
    })),
    { keys: ['?'], label: 'Show keyboard shortcuts' },
  ];
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts">
      <Stack gap="xs">
        {rows.map((row) => (
          <Group key={row.label} justify="space-between">
            <Text size="sm">{row.label}</Text>
            <Group gap={4}>
              {row.keys.map((key) => (
                <Kbd key={key}>{key}</Kbd>
              ))}
            </Group>
          </Group>
        ))}
      </Stack>
    </Modal>
  );
}
