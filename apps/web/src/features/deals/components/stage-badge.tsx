import { Badge } from '@mantine/core';

const COLOURS: Record<string, string> = { won: 'green', lost: 'red' };

/** A deal's stage: open stages in the app's colour, Won green, Lost red. */
export function StageBadge({ stage }: { stage: { name: string; kind: string } }) {
  return (
    <Badge color={COLOURS[stage.kind] ?? 'blue'} variant="light">
      {stage.name}
    </Badge>
  );
}
