import { AppShell, Button, Divider, ScrollArea, Stack } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useCurrentUser, useSession } from '../../lib/session-context';
import { Logo } from './logo';
import { MyTasksNavLink } from './my-tasks-nav-link';
import { NavEntryLink } from './nav-entry-link';
import { AUDIT_NAV, DUPLICATES_NAV, IMPORTS_NAV, MAIN_NAV, USERS_NAV, WEBHOOKS_NAV } from './nav-items';
import { ProductsNavGroup } from './products-nav-group';

interface SidebarProps {
  /** Called after a link is followed, to close the overlay sidebar on small screens. */
  onNavigate: () => void;
}

export function Sidebar({ onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const { logout } = useSession();
  const profile = {
    label: 'My Profile',
    to: '/profile',
    icon: IconUserCircle,
    isActive: (path: string) => path === '/profile',
  };

  return (
    <>
      <AppShell.Section p="md" pb="sm">
        <Logo />
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} px="sm">
        <Stack gap={2}>
          {MAIN_NAV.map((entry) => (
            <NavEntryLink key={entry.to} entry={entry} path={pathname} onNavigate={onNavigate} />
          ))}
          <MyTasksNavLink path={pathname} onNavigate={onNavigate} />
          <ProductsNavGroup path={pathname} onNavigate={onNavigate} />
          <NavEntryLink entry={IMPORTS_NAV} path={pathname} onNavigate={onNavigate} />
          {user.role === 'admin' && (
            <NavEntryLink entry={USERS_NAV} path={pathname} onNavigate={onNavigate} />
          )}
          {user.role === 'admin' && (
            <NavEntryLink entry={DUPLICATES_NAV} path={pathname} onNavigate={onNavigate} />
          )}
          {user.role === 'admin' && (
            <NavEntryLink entry={WEBHOOKS_NAV} path={pathname} onNavigate={onNavigate} />
          )}
          {user.role === 'admin' && (
            <NavEntryLink entry={AUDIT_NAV} path={pathname} onNavigate={onNavigate} />
          )}
        </Stack>
      </AppShell.Section>
      <AppShell.Section p="sm">
        <Divider mb="sm" />
        <NavEntryLink entry={profile} path={pathname} onNavigate={onNavigate} />
        <Button
          fullWidth
          mt={4}
          variant="subtle"
          color="red"
          justify="flex-start"
          leftSection={<IconLogout size={18} stroke={1.6} />}
          onClick={() => logout()}
        >
          Logout
        </Button>
      </AppShell.Section>
    </>
  );
}
