import type { ReactNode } from 'react';
import classes from './cell-text.module.css';

interface CellTextProps {
  children: ReactNode;
  /** Names: bold, and wrapped onto a second line before they are cut. */
  strong?: boolean;
  small?: boolean;
  dimmed?: boolean;
  title?: string;
  className?: string;
}

/**
 * A cell's text, drawn as Mantine's Text would draw it but as a plain element: a list renders one
 * in most cells of every row, and a search answer's rows reached the screen about twice as fast
 * without Mantine's style props worked out for each.
 */
export function CellText({ children, strong, small, dimmed, title, className }: CellTextProps) {
  const names = [
    classes.text,
    small && classes.small,
    strong ? `${classes.strong} ${classes.twoLines}` : classes.truncate,
    dimmed && classes.dimmed,
    className,
  ];
  return (
    <p className={names.filter(Boolean).join(' ')} title={title}>
      {children}
    </p>
  );
}

/** A value of a record in a cell: "—" when it is empty. */
export function cellValue(value: string | null | undefined, strong = false) {
  return (
    <CellText strong={strong} dimmed={!value} title={value || undefined}>
      {value || '—'}
    </CellText>
  );
}
