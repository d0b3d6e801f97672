import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session-context';
import { CommandPalette } from './command-palette';
import { PaletteContext } from './palette-context';
import { ShortcutsHelp } from './shortcuts-help';
import { useShortcuts } from './use-shortcuts';

/** Mounts the palette, the shortcuts help and the keyboard shortcuts for the signed-in shell. */
export function CommandPaletteProvider({ children }: { children: ReactNode }) {
  const { user, logout } = useSession();
  const isAdmin = user?.role === 'admin';
  const navigate = useNavigate();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const [paletteOpened, setPaletteOpened] = useState(false);
  const [helpOpened, setHelpOpened] = useState(false);

  const controls = useMemo(
    () => ({ openPalette: () => setPaletteOpened(true), openHelp: () => setHelpOpened(true) }),
    [],
  );
  useShortcuts({ ...controls, go: (to) => navigate(to), isAdmin });

  return (
    <PaletteContext.Provider value={controls}>
      {children}
      <CommandPalette
        opened={paletteOpened}
        onClose={() => setPaletteOpened(false)}
        isAdmin={isAdmin}
        onOpenPath={(path) => navigate(path)}
        onCommand={(command) => {
          if (command === 'switch-theme') setColorScheme(scheme === 'dark' ? 'light' : 'dark');
          else logout();
        }}
      />
      <ShortcutsHelp opened={helpOpened} onClose={() => setHelpOpened(false)} isAdmin={isAdmin} />
    </PaletteContext.Provider>
  );
}
