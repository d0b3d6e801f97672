import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';

export interface Figure {
  key: string | number;
  label: string;
  to: string;
}

/**
 * The figures of a chart as links to the lists they count: the text alternative of the plot (which
 * is hidden from screen readers) and the keyboard's way into the lists.
 */
export function FigureLinks({ label, figures }: { label: string; figures: Figure[] }) {
  return (
    <Stack gap={2} component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {figures.map((figure) => (
        <li key={figure.key}>
          <Anchor component={Link} to={figure.to} size="sm">
            {figure.label}
          </Anchor>
        </li>
      ))}
    </Stack>
  );
}
