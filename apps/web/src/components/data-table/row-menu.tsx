import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

interface RowMenuProps {
  /** The button's accessible name: "Actions for Ayşe Demir". */
  label: string;
  /** The menu's items (Menu.Item). */
  children: ReactNode;
  icon?: ReactNode;
}

/**
 * A row's "…" menu. Until it is first opened it is only its button: a list draws one in every row,
 * and a Mantine Menu (its popover and positioning) in each of them was a large part of the time
 * between a search's answer and its rows on the screen. The first click mounts the menu open; it
 * then stays, so that closing it returns the focus to its button.
 */
export function RowMenu({ label, children, icon = <IconDots size={18} /> }: RowMenuProps) {
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
    <Menu position="bottom-end" withinPortal shadow="md" defaultOpened>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
