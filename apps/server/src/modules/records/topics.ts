import type { LiveEvent } from '@crm/domain';

/**
 * What one module's write tells the others, inside the write's own transaction, so that what they
 * keep of it commits with it or not at all. The module that writes names the topic; the modules
 * that keep a copy subscribe (app wiring), so the writer never imports them.
 */
export interface Topics {
  /** A user's display name changed: the sort keys that copy it follow. */
  'user.renamed': { userId: number; name: string };
  /** A user was deactivated or given a new password: their sessions end. */
  'user.signed-out': { userId: number };
  /** An agency's name changed: its contacts' agency key and search text follow. */
  'agency.renamed': { agencyId: number; name: string };
  /** A write is about to commit with these live events; `since` is when it began (webhooks). */
  'write.committing': { events: readonly LiveEvent[]; since: string };
  /** A note was added to a record (webhooks report it; not every record's history lists notes). */
  'note.added': { parent: { kind: 'contact' | 'agency' | 'deal'; id: number }; noteId: number; text: string };
}
export type Topic = keyof Topics;

type Handler<S, T extends Topic> = (scope: S, payload: Topics[T]) => Promise<void>;

/**
 * The subscribers of each topic, registered once when the app is built. A subscriber gets the
 * writer's scope (its transaction, actor and time; see write-scope.ts), so what it writes and
 * publishes belongs to the same write.
 */
export class Hooks<S> {
  private readonly handlers = new Map<Topic, Handler<S, Topic>[]>();

  on<T extends Topic>(topic: T, handler: Handler<S, T>): void {
    this.handlers.set(topic, [...(this.handlers.get(topic) ?? []), handler as Handler<S, Topic>]);
  }

  async emit<T extends Topic>(topic: T, scope: S, payload: Topics[T]): Promise<void> {
    for (const handler of this.handlers.get(topic) ?? []) await handler(scope, payload);
  }
}
