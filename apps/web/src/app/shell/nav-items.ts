import {
  IconBriefcase,
  IconBuildingCommunity,
  IconCategory,
  IconChecklist,
  IconCopy,
  IconFileImport,
  IconHistory,
  IconLayoutDashboard,
  IconPackage,
  IconUserCheck,
  IconUserPlus,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

type NavIcon = ComponentType<{ size?: number | string; stroke?: number | string }>;

export interface NavEntry {
  label: string;
  to: string;
  icon: NavIcon;
  /** 000 §2.4: which paths light the entry up. */
  isActive: (path: string) => boolean;
}

const startsWithAny =
  (...prefixes: string[]) =>
  (path: string) =>
    prefixes.some((prefix) => path.startsWith(prefix));

export const MAIN_NAV: readonly NavEntry[] = [
  { label: 'Dashboard', to: '/', icon: IconLayoutDashboard, isActive: (path) => path === '/' },
  {
    label: 'Leads',
    to: '/leads',
    icon: IconUserPlus,
    isActive: startsWithAny('/leads', '/new-lead', '/lead', '/edit-lead'),
  },
  {
    label: 'Customers',
    to: '/customers',
    icon: IconUserCheck,
    isActive: startsWithAny('/customers', '/new-customer', '/customer', '/edit-customer'),
  },
  {
    label: 'Partners',
    to: '/agencies',
    icon: IconBuildingCommunity,
    isActive: startsWithAny('/agencies', '/new-agency', '/agency', '/edit-agency'),
  },
  { label: 'Deals', to: '/deals', icon: IconBriefcase, isActive: startsWithAny('/deals') },
];

/** The signed-in user's open tasks; the sidebar shows how many are due today or overdue. */
export const MY_TASKS_NAV: NavEntry = {
  label: 'My Tasks',
  to: '/my-tasks',
  icon: IconChecklist,
  isActive: (path) => path === '/my-tasks',
};

export const PRODUCTS_GROUP = {
  label: 'Products',
  icon: IconPackage,
  /** The group starts expanded under products or product categories. */
  contains: (path: string) => path.startsWith('/product'),
  entries: [
    {
      label: 'Product Listings',
      to: '/products',
      icon: IconPackage,
      isActive: (path: string) => path === '/products' || startsWithAny('/products/', '/product/')(path),
    },
    {
      label: 'Product Categories',
      to: '/product-categories',
      icon: IconCategory,
      isActive: startsWithAny('/product-categories'),
    },
  ] satisfies NavEntry[],
} as const;

/** Every import one may see (one's own; everyone's for admins), each with its counts and undo. */
export const IMPORTS_NAV: NavEntry = {
  label: 'Imports',
  to: '/imports',
  icon: IconFileImport,
  isActive: startsWithAny('/imports'),
};

/** Admins only: groups of likely duplicates, each opening a merge. */
export const DUPLICATES_NAV: NavEntry = {
  label: 'Duplicates',
  to: '/duplicates',
  icon: IconCopy,
  isActive: startsWithAny('/duplicates', '/merge/'),
};

/** Shown to admins only (000 §2.2, §6). */
export const USERS_NAV: NavEntry = {
  label: 'Users',
  to: '/users',
  icon: IconUsers,
  isActive: startsWithAny('/users', '/new-user', '/edit-user'),
};

/** Admins' connections to other systems. */
export const WEBHOOKS_NAV: NavEntry = {
  label: 'Webhooks',
  to: '/settings/webhooks',
  icon: IconWebhook,
  isActive: startsWithAny('/settings/webhooks'),
};

/** Admins only: who did what, when and from where. */
export const AUDIT_NAV: NavEntry = {
  label: 'Audit log',
  to: '/audit',
  icon: IconHistory,
  isActive: startsWithAny('/audit'),
};
