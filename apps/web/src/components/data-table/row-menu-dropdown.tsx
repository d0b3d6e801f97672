import { Menu } from '@mantine/core';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import type { RowMenuItem } from './row-menu-item';

/** A row's menu once it has been asked for: opened at once, then opened and closed by its button. */
export default function RowMenuDropdown({ button, items }: { button: ReactElement; items: RowMenuItem[] }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" defaultOpened>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        {items.map((item) =>
          item.to ? (
            <Menu.Item
              key={item.label}
              component={Link}
              to={item.to}
              state={item.state}
              color={item.color}
              leftSection={item.icon}
            >
              {item.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={item.label} color={item.color} leftSection={item.icon} onClick={item.onClick}>
              {item.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
