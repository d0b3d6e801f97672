import { AppShell, Button, Divider, ScrollArea, Stack } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useCurrentUser, useSession } from '../../lib/session-context';
import { Logo } from './logo';
import { NavEntryLink } from './nav-entry-link';
import { DUPLICATES_NAV, IMPORTS_NAV, MAIN_NAV, MY_TASKS_NAV, USERS_NAV } from './nav-items';
import { ProductsNavGroup } from './products-nav-group';

// The due-task badge (its query) follows the screen; the link shows at once without it.
const MyTasksNavLink = lazy(async () => ({ default: (await import('./my-tasks-nav-link')).MyTasksNavLink }));

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
          <Suspense fallback={<NavEntryLink entry={MY_TASKS_NAV} path={pathname} onNavigate={onNavigate} />}>
            <MyTasksNavLink path={pathname} onNavigate={onNavigate} />
          </Suspense>
          <ProductsNavGroup path={pathname} onNavigate={onNavigate} />
          <NavEntryLink entry={IMPORTS_NAV} path={pathname} onNavigate={onNavigate} />
          {user.role === 'admin' && (
            <NavEntryLink entry={USERS_NAV} path={pathname} onNavigate={onNavigate} />
          )}
          {user.role === 'admin' && (
            <NavEntryLink entry={DUPLICATES_NAV} path={pathname} onNavigate={onNavigate} />
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
