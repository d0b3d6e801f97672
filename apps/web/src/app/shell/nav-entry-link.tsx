import { NavLink } from '@mantine/core';
import { Link } from 'react-router';
import { preloadProps } from '../route-preload';
import type { NavEntry } from './nav-items';

interface NavEntryLinkProps {
  entry: NavEntry;
  path: string;
  onNavigate?: () => void;
}

export function NavEntryLink({ entry, path, onNavigate }: NavEntryLinkProps) {
  const Icon = entry.icon;
  const active = entry.isActive(path);
  return (
    <NavLink
      component={Link}
      to={entry.to}
      label={entry.label}
      leftSection={<Icon size={18} stroke={1.6} />}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      {...preloadProps(entry.to)}
      variant="light"
    />
  );
}
