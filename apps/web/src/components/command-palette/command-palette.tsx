import { Group, Kbd, Loader, Modal, ScrollArea, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import classes from './command-palette.module.css';
import { actionsFor, type PaletteAction } from './palette-actions';
import { GROUP_LABELS, hitPath, type SearchHit, usePaletteSearch } from './search-api';

type Entry =
  | { key: string; kind: 'hit'; hit: SearchHit; group: string }
  | { key: string; kind: 'action'; action: PaletteAction; group: string };

interface CommandPaletteProps {
  opened: boolean;
  onClose: () => void;
  isAdmin: boolean;
  onOpenPath: (path: string) => void;
  onCommand: (command: NonNullable<PaletteAction['run']>) => void;
}

/** One box for every record and the common actions; arrows move, Enter opens, Escape closes. */
export function CommandPalette({ opened, onClose, isAdmin, onOpenPath, onCommand }: CommandPaletteProps) {
  const [input, setInput] = useState('');
  // The highlighted entry by its key, so that new results keep it or fall back to the first.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const { groups, isFetching } = usePaletteSearch(input);

  const entries = useMemo<Entry[]>(() => {
    const hits: Entry[] = groups.flatMap((group) =>
      group.items.map((hit) => ({
        key: `${hit.kind}-${hit.id}`,
        kind: 'hit' as const,
        hit,
        group: GROUP_LABELS[group.kind],
      })),
    );
    const actions: Entry[] = actionsFor(isAdmin, input).map((action) => ({
      key: `action-${action.id}`,
      kind: 'action' as const,
      action,
      group: 'Actions',
    }));
    return [...hits, ...actions];
  }, [groups, input, isAdmin]);

  const active = Math.max(
    0,
    entries.findIndex((entry) => entry.key === activeKey),
  );
  const setActive = (next: (index: number) => number) => setActiveKey(entries[next(active)]?.key ?? null);
  useEffect(() => {
    if (!opened) setInput('');
  }, [opened]);

  const choose = (entry: Entry | undefined) => {
    if (!entry) return;
    onClose();
    if (entry.kind === 'hit') onOpenPath(hitPath(entry.hit));
    else if (entry.action.to) onOpenPath(entry.action.to);
    else if (entry.action.run) onCommand(entry.action.run);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, entries.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(entries[active]);
    }
  };

  const rows: ReactNode[] = [];
  entries.forEach((entry, index) => {
    if (index === 0 || entries[index - 1]?.group !== entry.group) {
      rows.push(
        <Text
          key={`group-${entry.group}`}
          size="xs"
          fw={700}
          c="dimmed"
          tt="uppercase"
          px="sm"
          pt="sm"
          pb={4}
        >
          {entry.group}
        </Text>,
      );
    }
    const Icon = entry.kind === 'action' ? entry.action.icon : null;
    // Records and places are real links: Ctrl, Cmd or the middle button open them in a new tab.
    const href = entry.kind === 'hit' ? hitPath(entry.hit) : entry.action.to;
    rows.push(
      <UnstyledButton
        key={entry.key}
        id={`palette-${entry.key}`}
        role="option"
        aria-selected={index === active}
        className={classes.option}
        data-active={index === active || undefined}
        onMouseEnter={() => setActiveKey(entry.key)}
        {...(href ? { component: 'a' as const, href } : {})}
        onClick={(event: React.MouseEvent) => {
          if (href && (event.ctrlKey || event.metaKey || event.shiftKey)) return;
          event.preventDefault();
          choose(entry);
        }}
      >
        {entry.kind === 'hit' ? (
          <>
            <Text size="sm" fw={500}>
              {entry.hit.title}
            </Text>
            <Text size="xs" c="dimmed">
              {entry.hit.context}
            </Text>
          </>
        ) : (
          <Group gap="sm" wrap="nowrap">
            {Icon && <Icon size={16} />}
            <Text size="sm">{entry.action.label}</Text>
          </Group>
        )}
      </UnstyledButton>,
    );
  });

  const activeEntry = entries[active];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      withCloseButton={false}
      size="lg"
      yOffset="10vh"
      padding={0}
      title="Search and commands"
      classNames={{ header: classes.hiddenHeader }}
    >
      <TextInput
        aria-label="Search everything"
        role="combobox"
        aria-expanded={entries.length > 0}
        aria-controls="palette-results"
        aria-activedescendant={activeEntry ? `palette-${activeEntry.key}` : undefined}
        placeholder="Search contacts, partners, products… or type a command"
        leftSection={<IconSearch size={16} />}
        rightSection={isFetching ? <Loader size="xs" /> : <Kbd size="xs">Esc</Kbd>}
        value={input}
        onChange={(event) => setInput(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        size="md"
        variant="unstyled"
        px="md"
        className={classes.input}
        data-autofocus
      />
      <ScrollArea.Autosize mah="60vh">
        <div id="palette-results" role="listbox" aria-label="Results" className={classes.results}>
          {rows}
          {entries.length === 0 && (
            <Text size="sm" c="dimmed" p="md">
              Nothing found
            </Text>
          )}
        </div>
      </ScrollArea.Autosize>
    </Modal>
  );
}
