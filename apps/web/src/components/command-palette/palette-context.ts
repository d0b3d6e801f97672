import { createContext, useContext } from 'react';

export interface PaletteControls {
  openPalette: () => void;
  openHelp: () => void;
}

export const PaletteContext = createContext<PaletteControls | null>(null);

/** Opens the command palette or the shortcuts help from anywhere inside the app shell. */
export function usePalette(): PaletteControls {
  const controls = useContext(PaletteContext);
  if (!controls) throw new Error('usePalette must be used inside CommandPaletteProvider');
  return controls;
}
