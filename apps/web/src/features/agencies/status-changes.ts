import type { ActiveAction } from './api/agency-types';

/** 002 §4: a bulk action sends only the ids whose state would change. */
export function idsToChange<T extends { id: number; isActive: boolean }>(
  selected: readonly T[],
  action: ActiveAction,
): number[] {
  const target = action === 'activate';
  return selected.filter((item) => item.isActive !== target).map((item) => item.id);
}
