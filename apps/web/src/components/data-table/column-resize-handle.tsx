import { COLUMN_WIDTH } from '@crm/domain';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import classes from './data-table.module.css';

/** How far one press of an arrow key moves the edge; with Shift, five times as far. */
const KEY_STEP = 16;
/** Arrow presses settle into a kept width after this pause, not one request per press. */
const KEY_SETTLE_MS = 500;

interface ColumnResizeHandleProps {
  header: string;
  /** The width the person gave the column, if any; else the column's width on the screen is read. */
  width: number | undefined;
  onPreview: (px: number) => void;
  onCommit: (px: number) => void;
  onReset: () => void;
}

/**
 * The right edge of a column header: drag it, or focus it and press the arrow keys, to make the
 * column narrower or wider; a double click gives the column back its own width.
 */
export function ColumnResizeHandle({ header, width, onPreview, onCommit, onReset }: ColumnResizeHandleProps) {
  const handleRef = useRef<HTMLDivElement>(null);
  // The column's width on the screen, for aria-valuenow (a focusable separator must say it).
  const [shown, setShown] = useState<number | undefined>(undefined);
  useEffect(() => {
    const column = handleRef.current?.parentElement;
    if (!column) return;
    const observer = new ResizeObserver(() => setShown(Math.round(column.getBoundingClientRect().width)));
    observer.observe(column);
    return () => observer.disconnect();
  }, []);
  const drag = useRef<{ startX: number; startWidth: number; px: number } | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<number | null>(null);
  // The pause's timer calls the handler of the latest render, which knows the widths kept since.
  const commitRef = useRef(onCommit);
  commitRef.current = onCommit;

  const shownWidth = (element: HTMLElement) =>
    width ?? element.parentElement?.getBoundingClientRect().width ?? COLUMN_WIDTH.min;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const startWidth = shownWidth(event.currentTarget);
    drag.current = { startX: event.clientX, startWidth, px: startWidth };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current) return;
    current.px = current.startWidth + event.clientX - current.startX;
    onPreview(current.px);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
    if (current && current.px !== current.startWidth) onCommit(current.px);
  };

  const commitPending = () => {
    clearTimeout(settle.current);
    if (pending.current !== null) commitRef.current(pending.current);
    pending.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const direction = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (direction === 0) return;
    event.preventDefault();
    const from = pending.current ?? shownWidth(event.currentTarget);
    const px = Math.min(
      COLUMN_WIDTH.max,
      Math.max(COLUMN_WIDTH.min, from + direction * KEY_STEP * (event.shiftKey ? 5 : 1)),
    );
    pending.current = px;
    onPreview(px);
    clearTimeout(settle.current);
    settle.current = setTimeout(commitPending, KEY_SETTLE_MS);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable separator is ARIA's splitter; <hr> cannot take focus or keys
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${header}`}
      ref={handleRef}
      aria-valuenow={width === undefined ? shown : Math.round(width)}
      aria-valuemin={COLUMN_WIDTH.min}
      aria-valuemax={COLUMN_WIDTH.max}
      tabIndex={0}
      title={`Drag to resize ${header}; double-click for its own width`}
      className={classes.resizeHandle}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      onBlur={commitPending}
      onDoubleClick={onReset}
      onClick={(event) => event.stopPropagation()}
    />
  );
}
