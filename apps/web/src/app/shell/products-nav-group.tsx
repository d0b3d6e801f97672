import { NavLink } from '@mantine/core';
import { useState } from 'react';
import { NavEntryLink } from './nav-entry-link';
import { PRODUCTS_GROUP } from './nav-items';

interface ProductsNavGroupProps {
  path: string;
  onNavigate?: () => void;
}

export function ProductsNavGroup({ path, onNavigate }: ProductsNavGroupProps) {
  const [opened, setOpened] = useState(() => PRODUCTS_GROUP.contains(path));
  const Icon = PRODUCTS_GROUP.icon;
  return (
    <NavLink
      component="button"
      label={PRODUCTS_GROUP.label}
      leftSection={<Icon size={18} stroke={1.6} />}
      opened={opened}
      onChange={setOpened}
      childrenOffset={28}
    >
      {PRODUCTS_GROUP.entries.map((entry) => (
        <NavEntryLink key={entry.to} entry={entry} path={path} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}
