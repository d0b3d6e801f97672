import { COLUMN_WIDTH, type ColumnWidths } from '@crm/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useStoredColumnWidths } from './column-choices-api';
import { saveColumnWidths } from './save-column-choice';

const clamp = (px: number) => Math.round(Math.min(COLUMN_WIDTH.max, Math.max(COLUMN_WIDTH.min, px)));

/** What a resize handle does with its column's width while it moves, when it lets go, and on reset. */
export interface ColumnResizing {
  /** The width now, in px: while a handle moves, then as kept. */
  widths: ColumnWidths;
  /** The handle moves: the column follows, nothing is kept yet. */
  preview: (key: string, px: number) => void;
  /** The handle is let go (or a key press settles): the width is kept for the person. */
  commit: (key: string, px: number) => void;
  /** Back to the list's own width for this column. */
  reset: (key: string) => void;
}

/**
 * Resized columns: kept per person on the server beside their column choice for a list screen
 * (`list`), so the widths follow them to any browser; a table inside a detail screen keeps them
 * while it is shown.
 */
export function useColumnWidths(list: string | undefined): ColumnResizing {
  const queryClient = useQueryClient();
  const stored = useStoredColumnWidths(list);
  const [own, setOwn] = useState<ColumnWidths>({});
  const [moving, setMoving] = useState<{ key: string; px: number } | null>(null);
  const kept = list ? stored : own;

  const keep = useCallback(
    (next: ColumnWidths) => {
      if (list) saveColumnWidths(queryClient, list, next);
      else setOwn(next);
    },
    [list, queryClient],
  );
  const preview = useCallback((key: string, px: number) => setMoving({ key, px: clamp(px) }), []);
  const commit = useCallback(
    (key: string, px: number) => {
      setMoving(null);
      keep({ ...kept, [key]: clamp(px) });
    },
    [keep, kept],
  );
  const reset = useCallback(
    (key: string) => {
      setMoving(null);
      keep(Object.fromEntries(Object.entries(kept).filter(([k]) => k !== key)));
    },
    [keep, kept],
  );
  const widths = useMemo(() => (moving ? { ...kept, [moving.key]: moving.px } : kept), [kept, moving]);
  return { widths, preview, commit, reset };
}
