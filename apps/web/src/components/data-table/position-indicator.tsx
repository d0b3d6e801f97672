import classes from './data-table.module.css';

const count = new Intl.NumberFormat('en');

interface PositionIndicatorProps {
  first: number;
  last: number;
  total: number;
  /** The total is a floor (a narrowed list is counted up to 1,000): "of 1,000+". */
  capped: boolean;
}

/** Where the rows on screen sit in the whole list while it scrolls: "rows 1,201–1,250 of 13,613". */
export function PositionIndicator({ first, last, total, capped }: PositionIndicatorProps) {
  return (
    <div className={classes.position} aria-hidden="true">
      rows {count.format(first)}–{count.format(last)} of {count.format(total)}
      {capped && '+'}
    </div>
  );
}
