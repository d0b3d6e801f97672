import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';
import { Toasts } from './toasts';

/**
 * What every screen needs, the login page included. The query cache and the confirmation dialogs
 * belong to the signed-in shell (shell/app-layout.tsx): the login page loads neither.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      cssVariablesResolver={cssVariablesResolver}
    >
      <Toasts />
      {children}
    </MantineProvider>
  );
}
