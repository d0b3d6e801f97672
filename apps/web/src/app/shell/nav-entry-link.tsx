import { NavLink } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { preloadProps } from '../route-preload';
import type { NavEntry } from './nav-items';

interface NavEntryLinkProps {
  entry: NavEntry;
  path: string;
  onNavigate?: () => void;
  /** Shown at the entry's end, e.g. a count badge. */
  rightSection?: ReactNode;
}

export function NavEntryLink({ entry, path, onNavigate, rightSection }: NavEntryLinkProps) {
  const Icon = entry.icon;
  const active = entry.isActive(path);
  return (
    <NavLink
      component={Link}
      to={entry.to}
      label={entry.label}
      leftSection={<Icon size={18} stroke={1.6} />}
      rightSection={rightSection}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      {...preloadProps(entry.to)}
      variant="light"
    />
  );
}
