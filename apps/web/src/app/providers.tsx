import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { TOAST_DURATION } from '../lib/toast';
import { createQueryClient } from './query-client';
import { colorSchemeManager, theme } from './theme';

/** Toasts: bottom right, at most 20, 350 px wide (000 §9). */
const TOAST_LIMIT = 20;
const TOAST_MAX_WIDTH = 350;

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
      <Notifications
        position="bottom-right"
        limit={TOAST_LIMIT}
        containerWidth={TOAST_MAX_WIDTH}
        autoClose={TOAST_DURATION.app}
      />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>{children}</ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
