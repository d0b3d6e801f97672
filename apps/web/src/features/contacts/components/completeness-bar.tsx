import { type CompletenessColour, completenessColour } from '@crm/domain';
import { Group, Progress, Text } from '@mantine/core';

const BAR_COLOURS: Record<CompletenessColour, string> = { green: 'green', amber: 'yellow', red: 'red' };

/** Profile completeness: green from 80 %, amber from 50 %, red below (001 §9). */
export function CompletenessBar({ percent }: { percent: number }) {
  const colour = completenessColour(percent);
  return (
    <Group gap="xs" wrap="nowrap" w="100%" data-completeness={colour}>
      <Progress
        value={percent}
        color={BAR_COLOURS[colour]}
        size="md"
        radius="xl"
        style={{ flex: 1 }}
        aria-label={`Profile ${percent}% complete`}
      />
      <Text size="xs" fw={600} w={36} ta="right">
        {percent}%
      </Text>
    </Group>
  );
}
