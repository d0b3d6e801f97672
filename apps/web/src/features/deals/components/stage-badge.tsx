import { Badge } from '@mantine/core';

// Teal rather than green: green-9 on its light tint reads 4.3:1, under WCAG AA's 4.5.
const COLOURS: Record<string, string> = { won: 'teal', lost: 'red' };

/** A deal's stage: open stages blue, Won teal, Lost red. */
export function StageBadge({ stage }: { stage: { name: string; kind: string } }) {
  return (
    <Badge color={COLOURS[stage.kind] ?? 'blue'} variant="light">
      {stage.name}
    </Badge>
  );
}
