import type { ReactNode } from 'react';

/** One item of a row's menu: an action, or a link (with the navigation state it carries). */
export interface RowMenuItem {
  label: string;
  icon: ReactNode;
  color?: string;
  onClick?: () => void;
  to?: string;
  state?: unknown;
}
