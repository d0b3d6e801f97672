import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { lazy, type ReactNode, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session-context';
import { MountWhenOpened } from '../mount-when-opened';
import { PaletteContext } from './palette-context';
import { useShortcuts } from './use-shortcuts';

// Both are dialogs: fetched the first time they open, not with every screen.
const CommandPalette = lazy(async () => ({ default: (await import('./command-palette')).CommandPalette }));
const ShortcutsHelp = lazy(async () => ({ default: (await import('./shortcuts-help')).ShortcutsHelp }));

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
      <MountWhenOpened opened={paletteOpened}>
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
      </MountWhenOpened>
      <MountWhenOpened opened={helpOpened}>
        <ShortcutsHelp opened={helpOpened} onClose={() => setHelpOpened(false)} isAdmin={isAdmin} />
      </MountWhenOpened>
    </PaletteContext.Provider>
  );
}
