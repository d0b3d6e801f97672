import type { QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from './event-stream';

/**
 * Which cached queries an event makes stale, by the first parts of their keys (each feature keeps
 * its keys under one root: ['contacts'], ['agencies'], ['tasks'] …). The screens that show them
 * refetch; the others refetch when next opened.
 */
export function keysFor(event: LiveEvent): QueryKey[] {
  switch (event.kind) {
    case 'contact':
      return [
        ['contacts'],
        ['dashboard'],
        ['record-tabs', `/contacts/${event.id}`],
        ['tasks', 'record', `/contacts/${event.id}`],
        ['agencies', 'detail'],
      ];
    case 'agency':
      return [['agencies'], ['record-tabs', `/agencies/${event.id}`], ['contacts', 'agency-options']];
    case 'product':
      return [['products']];
    case 'category':
      return [['product-categories'], ['products']];
    case 'user':
      return [['users'], ['tasks', 'assignees'], ['contacts', 'assignable-users']];
    case 'task': {
      const keys: QueryKey[] = [['tasks']];
      if (event.record) {
        const segment = event.record.kind === 'contact' ? 'contacts' : 'agencies';
        keys.push(['record-tabs', `/${segment}/${event.record.id}`, 'history']);
      }
      return keys;
    }
    case 'notification':
      return [['notifications']];
    default:
      return [];
  }
}

/** The distinct keys of a batch, so that a burst of events costs one refetch per screen. */
export function distinctKeys(events: LiveEvent[]): QueryKey[] {
  const seen = new Map<string, QueryKey>();
  for (const event of events) {
    for (const key of keysFor(event)) seen.set(JSON.stringify(key), key);
  }
  return [...seen.values()];
}
