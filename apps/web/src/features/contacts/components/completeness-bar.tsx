import { type CompletenessColour, completenessColour } from '@crm/domain';
import { Group, Text } from '@mantine/core';
import classes from './completeness-bar.module.css';

const BAR_COLOURS: Record<CompletenessColour, string> = {
  green: 'var(--mantine-color-green-filled)',
  amber: 'var(--mantine-color-yellow-filled)',
  red: 'var(--mantine-color-red-filled)',
};

/**
 * Profile completeness: green from 80 %, amber from 50 %, red below (001 §9). A plain bar rather
 * than Mantine's Progress, which would be the only user of its code on the lists' first load.
 */
export function CompletenessBar({ percent }: { percent: number }) {
  const colour = completenessColour(percent);
  return (
    <Group gap="xs" wrap="nowrap" w="100%" data-completeness={colour}>
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
      <Text size="xs" fw={600} w={36} ta="right">
        {percent}%
      </Text>
    </Group>
  );
}
