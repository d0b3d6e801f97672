import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './cell-text.module.css';

interface CellTextProps {
  children: ReactNode;
  /** Names: bold. Like every value, on one line, cut only when the column runs out of room. */
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
    classes.truncate,
    strong && classes.strong,
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

/**
 * A record's name as a real link to it: a click, Ctrl/middle click for a new tab, and the keyboard's
 * way into the record from a list. Drawn like the bold name it replaces.
 */
export function cellLink(value: string | null | undefined, href: string, state?: unknown) {
  return (
    <Link
      to={href}
      state={state}
      className={`${classes.text} ${classes.strong} ${classes.truncate} ${classes.link}`}
      title={value || undefined}
    >
      {value || '—'}
    </Link>
  );
}
