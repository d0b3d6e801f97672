/** What changed, by kind and id only: a stream never carries a record's content. */
export type EventKind = 'contact' | 'agency' | 'product' | 'category' | 'user' | 'task' | 'notification';

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

export interface LiveEvent {
  kind: EventKind;
  id: number;
  /** The record a task belongs to, so that its Tasks tab refreshes. */
  record?: { kind: 'contact' | 'agency'; id: number };
  audience: Audience;
}

/** The part of an event that reaches the browser. */
export type PublicEvent = Omit<LiveEvent, 'audience'>;

export interface Listener {
  userId: number;
  role: string;
  deliver: (events: PublicEvent[]) => void;
  /** Ends the stream (the server is closing). */
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

/** A record that is or was visible to everyone; one only admins can see is told to admins only. */
export const recordAudience = (visibleToAll: boolean): Audience => (visibleToAll ? everyone : adminsOnly);
