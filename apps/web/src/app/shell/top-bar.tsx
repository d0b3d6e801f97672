import { Burger, Group } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { PaletteTrigger } from '../../components/command-palette';
import { GreetingText } from './greeting-text';
import { ThemeSwitch } from './theme-switch';

// The bell (its popover, its queries) follows the screen rather than delaying it.
const NotificationBell = lazy(async () => ({
  default: (await import('../../components/notifications/notification-bell')).NotificationBell,
}));

interface TopBarProps {
  desktopExpanded: boolean;
  onToggleDesktop: () => void;
  mobileOpened: boolean;
  onToggleMobile: () => void;
}

export function TopBar({ desktopExpanded, onToggleDesktop, mobileOpened, onToggleMobile }: TopBarProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={desktopExpanded}
          onClick={onToggleDesktop}
          visibleFrom="sm"
          size="sm"
          aria-label={desktopExpanded ? 'Collapse sidebar' : 'Expand sidebar'}
        />
        <Burger
          opened={mobileOpened}
          onClick={onToggleMobile}
          hiddenFrom="sm"
          size="sm"
          aria-label={mobileOpened ? 'Close menu' : 'Open menu'}
        />
        <GreetingText />
      </Group>
      <Group gap="sm" wrap="nowrap">
        <PaletteTrigger />
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
        <ThemeSwitch />
      </Group>
    </Group>
  );
}
