import {
  IconBuildingCommunity,
  IconLogout,
  IconPackage,
  IconPalette,
  IconUserCheck,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

export interface PaletteAction {
  id: string;
  label: string;
  icon: ComponentType<{ size?: number | string }>;
  /** A screen to open, or a command to run. */
  to?: string;
  run?: 'switch-theme' | 'log-out';
  adminOnly?: boolean;
}

export const PALETTE_ACTIONS: readonly PaletteAction[] = [
  { id: 'new-lead', label: 'New lead', icon: IconUserPlus, to: '/new-lead' },
  { id: 'new-customer', label: 'New customer', icon: IconUserCheck, to: '/new-customer' },
  { id: 'new-partner', label: 'New partner', icon: IconBuildingCommunity, to: '/new-agency' },
  { id: 'go-products', label: 'Go to Products', icon: IconPackage, to: '/products' },
  { id: 'add-user', label: 'Add user', icon: IconUsers, to: '/new-user', adminOnly: true },
  { id: 'switch-theme', label: 'Switch theme', icon: IconPalette, run: 'switch-theme' },
  { id: 'log-out', label: 'Log out', icon: IconLogout, run: 'log-out' },
];

/** The `g` then a letter shortcuts, and the rest, as the help lists them. */
export const GO_SHORTCUTS = [
  { key: 'd', label: 'Dashboard', to: '/' },
  { key: 'l', label: 'Leads', to: '/leads' },
  { key: 'c', label: 'Customers', to: '/customers' },
  { key: 'p', label: 'Partners', to: '/agencies' },
  { key: 'u', label: 'Users', to: '/users', adminOnly: true },
] as const;

export function actionsFor(isAdmin: boolean, text: string): PaletteAction[] {
  const needle = text.trim().toLowerCase();
  return PALETTE_ACTIONS.filter(
    (action) => (isAdmin || !action.adminOnly) && (!needle || action.label.toLowerCase().includes(needle)),
  );
}
