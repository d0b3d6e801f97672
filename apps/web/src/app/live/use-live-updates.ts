import type { LiveEvent } from '@crm/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readToken } from '../../lib/session-storage';
import { followEvents } from './event-stream';

/** Events arriving within this window are applied together. */
const BATCH_MS = 250;

/**
 * What an event refreshes is declared by every feature, with every feature's query keys: loaded
 * beside the stream rather than with the shell, so that no screen's first paint waits for them.
 */
const loadInvalidations = () => import('./invalidations');

/**
 * One event stream per browser tab while signed in; what it names is refetched through TanStack
 * Query, so no screen keeps a copy of its own. Mounted once, in the signed-in shell.
 */
export function useLiveUpdates(userId: number): void {
  // A new user in the same tab (sign out, sign in) gets a stream of their own.
  const queryClient = useQueryClient();
  // biome-ignore lint/correctness/useExhaustiveDependencies: userId restarts the stream on purpose
  useEffect(() => {
    const controller = new AbortController();
    let pending: LiveEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const invalidations = loadInvalidations();
    const flush = () => {
      timer = undefined;
      const batch = pending;
      pending = [];
      invalidations.then(
        ({ distinctKeys }) => {
          for (const key of distinctKeys(batch)) void queryClient.invalidateQueries({ queryKey: key });
        },
        // Their file is gone (a new release replaced it): refetching everything on screen is still right.
        () => void queryClient.invalidateQueries(),
      );
    };
    const onEvents = (events: LiveEvent[]) => {
      pending.push(...events);
      timer ??= setTimeout(flush, BATCH_MS);
    };
    // Whatever changed while the stream was down is refetched once it is back.
    const onReconnect = () => void queryClient.invalidateQueries();
    void followEvents(readToken, controller.signal, onEvents, onReconnect);
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient, userId]);
}
