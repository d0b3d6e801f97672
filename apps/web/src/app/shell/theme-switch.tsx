import { Switch, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** Dark/light switch; Mantine's colour-scheme manager keeps the choice under `theme`. */
export function ThemeSwitch() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  return (
    <Switch
      size="md"
      aria-label="Dark theme"
      checked={scheme === 'dark'}
      onChange={(event) => setColorScheme(event.currentTarget.checked ? 'dark' : 'light')}
      onLabel={<IconMoon size={14} stroke={2} />}
      offLabel={<IconSun size={14} stroke={2} />}
    />
  );
}
