import type { LiveEvent } from '@crm/domain';

export type { LiveEvent, LiveEventKind as EventKind } from '@crm/domain';

/**
 * Who may be told. A plain user hears of a record only when it is visible to everyone (an active
 * contact, agency or product) or when they are named; the roles listed also hear of what only they
 * may see (inactive contacts for admins, the users list for admins and managers).
 */
export interface Audience {
  everyone?: boolean;
  roles?: readonly string[];
  users?: number[];
}

/** A live event as the server publishes it: what reaches the browser, and who may hear it. */
export interface AudiencedEvent extends LiveEvent {
  audience: Audience;
}

export interface Listener {
  userId: number;
  role: string;
  /** The events this listener may hear, as a JSON array. */
  deliver: (json: string) => void;
  /** Ends the stream (the server is closing, the session ended). */
  end: () => void;
}

export function mayHear(listener: Pick<Listener, 'userId' | 'role'>, audience: Audience): boolean {
  return (
    audience.everyone === true ||
    (audience.roles?.includes(listener.role) ?? false) ||
    (audience.users?.includes(listener.userId) ?? false)
  );
}

export const everyone: Audience = { everyone: true };
export const adminsOnly: Audience = { roles: ['admin'] };

/**
 * A record that is or was visible to everyone is told to everyone (a list that showed it must drop
 * it); one that only admins could ever see is told to admins only.
 */
export const recordAudience = (visibleToAll: boolean): Audience => (visibleToAll ? everyone : adminsOnly);
