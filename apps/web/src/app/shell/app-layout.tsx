import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { CommandPaletteProvider } from '../../components/command-palette';
import { setListPrefetchClient } from '../../components/data-table/list-route-loader';
import { useCurrentUser } from '../../lib/session-context';
import { useLiveUpdates } from '../live/use-live-updates';
import { createQueryClient } from '../query-client';
import { DeferredModals } from './deferred-modals';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { useSidebarExpanded } from './use-sidebar-expanded';

const SIDEBAR_WIDTH = 240;
const TOP_BAR_HEIGHT = 60;

/** 000 §2.4: sidebar, top bar and the current screen. */
export function AppLayout() {
  const [desktopExpanded, toggleDesktop] = useSidebarExpanded();
  const [mobileOpened, mobile] = useDisclosure(false);
  // One cache per signed-in stay: logging out unmounts the shell and drops every cached answer.
  const [queryClient] = useState(createQueryClient);
  useEffect(() => {
    setListPrefetchClient(queryClient);
    return () => setListPrefetchClient(undefined);
  }, [queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <CommandPaletteProvider>
        <LiveUpdates />
        <AppShell
          header={{ height: TOP_BAR_HEIGHT }}
          navbar={{
            width: SIDEBAR_WIDTH,
            breakpoint: 'sm',
            collapsed: { desktop: !desktopExpanded, mobile: !mobileOpened },
          }}
          padding="lg"
        >
          <AppShell.Header>
            <TopBar
              desktopExpanded={desktopExpanded}
              onToggleDesktop={toggleDesktop}
              mobileOpened={mobileOpened}
              onToggleMobile={mobile.toggle}
            />
          </AppShell.Header>
          <AppShell.Navbar aria-label="Sidebar">
            <Sidebar onNavigate={mobile.close} />
          </AppShell.Navbar>
          <AppShell.Main bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
            <Outlet />
          </AppShell.Main>
        </AppShell>
      </CommandPaletteProvider>
      <DeferredModals />
    </QueryClientProvider>
  );
}

/** One event stream per tab; it needs the shell's query cache, so it lives inside the provider. */
function LiveUpdates() {
  useLiveUpdates(useCurrentUser().id);
  return null;
}
