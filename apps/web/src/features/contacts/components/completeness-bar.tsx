import { type CompletenessColour, completenessColour } from '@crm/domain';
import classes from './completeness-bar.module.css';

const BAR_COLOURS: Record<CompletenessColour, string> = {
  green: 'var(--mantine-color-green-filled)',
  amber: 'var(--mantine-color-yellow-filled)',
  red: 'var(--mantine-color-red-filled)',
};

/**
 * Profile completeness: green from 80 %, amber from 50 %, red below (001 §9). Plain elements rather
 * than Mantine's Progress and Text: the list draws one in every row.
 */
export function CompletenessBar({ percent }: { percent: number }) {
  const colour = completenessColour(percent);
  return (
    <div className={classes.bar} data-completeness={colour}>
      <div
        className={classes.track}
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={`Profile ${percent}% complete`}
      >
        <div className={classes.fill} style={{ width: `${percent}%`, background: BAR_COLOURS[colour] }} />
      </div>
      <span className={classes.percent}>{percent}%</span>
    </div>
  );
}
