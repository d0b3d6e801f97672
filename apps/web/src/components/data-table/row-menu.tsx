import { ActionIcon } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { RowMenuItem } from './row-menu-item';

export type { RowMenuItem } from './row-menu-item';

// The menu's own code follows the first click: no list loads it before someone opens a row's menu.
const RowMenuDropdown = lazy(() => import('./row-menu-dropdown'));

interface RowMenuProps {
  /** The button's accessible name: "Actions for Ayşe Demir". */
  label: string;
  items: RowMenuItem[];
  icon?: ReactNode;
}

/**
 * A row's "…" menu. Until it is first opened it is only its button: a list draws one in every row,
 * and a Mantine Menu (its popover and positioning) in each of them was a large part of the time
 * between a search's answer and its rows on the screen. The first click mounts the menu open; it
 * then stays, so that closing it returns the focus to its button.
 */
export function RowMenu({ label, items, icon = <IconDots size={18} /> }: RowMenuProps) {
  const [used, setUsed] = useState(false);
  const button = (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={label}
      aria-haspopup="menu"
      onClick={used ? undefined : () => setUsed(true)}
    >
      {icon}
    </ActionIcon>
  );
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <RowMenuDropdown button={button} items={items} />
    </Suspense>
  );
}
