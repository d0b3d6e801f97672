/** What changed, by kind and id only: a stream never carries a record's content. */
export type EventKind = 'contact' | 'agency' | 'product' | 'category' | 'user' | 'task' | 'notification';

/**
 * Who may be told. A plain user hears of a record only when it is visible to everyone (an active
 * contact, agency or product) or when they are named; admins also hear of what only admins see.
 */
export interface Audience {
  everyone?: boolean;
  admins?: boolean;
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
  admin: boolean;
  deliver: (events: PublicEvent[]) => void;
  /** Ends the stream (the server is closing). */
  end: () => void;
}

export function mayHear(listener: Pick<Listener, 'userId' | 'admin'>, audience: Audience): boolean {
  return (
    audience.everyone === true ||
    (audience.admins === true && listener.admin) ||
    (audience.users?.includes(listener.userId) ?? false)
  );
}

export const everyone: Audience = { everyone: true };
export const adminsOnly: Audience = { admins: true };

/** A record that is or was visible to everyone; one only admins can see is told to admins only. */
export const recordAudience = (visibleToAll: boolean): Audience => (visibleToAll ? everyone : adminsOnly);
