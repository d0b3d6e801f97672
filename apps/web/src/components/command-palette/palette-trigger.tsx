import { Button, Kbd } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { usePalette } from './palette-context';

/** The top bar's way into the palette, for those who do not know the shortcut yet. */
export function PaletteTrigger() {
  const { openPalette } = usePalette();
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconSearch size={14} />}
      rightSection={<Kbd size="xs">Ctrl K</Kbd>}
      onClick={openPalette}
      aria-label="Search (Ctrl+K)"
      visibleFrom="xs"
    >
      Search
    </Button>
  );
}
