import { Burger, Group } from '@mantine/core';
import { PaletteTrigger } from '../../components/command-palette';
import { NotificationBell } from '../../components/notifications/notification-bell';
import { GreetingText } from './greeting-text';
import { ThemeSwitch } from './theme-switch';

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
        <NotificationBell />
        <ThemeSwitch />
      </Group>
    </Group>
  );
}
