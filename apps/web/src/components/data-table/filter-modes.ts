import { FILTER_MODES, type FilterMode } from '@crm/domain';
import type { ColumnFilterConfig } from './types';

export const FILTER_MODE_LABELS: Record<FilterMode, string> = {
  equals: 'Equals',
  contains: 'Contains',
  containsIgnoreCase: 'Contains (ignore case)',
};

export function offeredModes(config: ColumnFilterConfig): readonly FilterMode[] {
  return config.modes && config.modes.length > 0 ? config.modes : FILTER_MODES;
}

export function defaultMode(config: ColumnFilterConfig): FilterMode {
  return config.defaultMode ?? offeredModes(config)[0] ?? 'containsIgnoreCase';
}
