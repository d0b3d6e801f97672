import type { LiveEvent, LiveEventKind } from '@crm/domain';
import type { QueryKey } from '@tanstack/react-query';

/**
 * Which of one feature's cached queries each kind of live event makes stale, as key prefixes built
 * with that feature's own key builders. Each feature keeps its declaration beside its keys, so that
 * app/live, which merges them, names none of them.
 */
export type LiveQueries = {
  readonly [Kind in LiveEventKind]?: (event: LiveEvent) => readonly QueryKey[];
};
