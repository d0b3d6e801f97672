import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readToken } from '../../lib/session-storage';
import { followEvents, type LiveEvent } from './event-stream';
import { distinctKeys } from './invalidations';

/** Events arriving within this window are applied together. */
const BATCH_MS = 250;

/** Listeners for events about one record (an open edit dialog watching its record). */
const recordWatchers = new Set<(event: LiveEvent) => void>();

export function watchRecordEvents(listener: (event: LiveEvent) => void): () => void {
  recordWatchers.add(listener);
  return () => recordWatchers.delete(listener);
}

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
    const flush = () => {
      timer = undefined;
      const batch = pending;
      pending = [];
      for (const key of distinctKeys(batch)) void queryClient.invalidateQueries({ queryKey: key });
    };
    const onEvents = (events: LiveEvent[]) => {
      for (const event of events) for (const watcher of recordWatchers) watcher(event);
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
