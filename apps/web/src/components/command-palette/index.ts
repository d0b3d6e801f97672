export { CommandPaletteProvider } from './command-palette-provider';
export { usePalette } from './palette-context';
export { PaletteTrigger } from './palette-trigger';
