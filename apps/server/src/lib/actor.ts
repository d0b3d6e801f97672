import { authMessages } from '@crm/domain';
import { forbidden } from './http-errors.js';

/**
 * Who is writing or reading: the signed-in user of a request, or the user a job acts for. Every
 * service takes one and every permission is decided from it, so a caller of the API gets no more
 * than the screens allow whatever path the write takes.
 */
export interface Actor {
  user: { id: number; name: string; email: string; role: string };
  /** The session the request came with; empty for a job acting for its user. */
  sessionId: string;
  /** The client's address (request.ip) for a request's caller; unset for a job. The audit log keeps it. */
  address?: string;
}

export const isAdmin = (actor: Actor): boolean => actor.user.role === 'admin';

/** 403 for anyone but an admin. */
export function assertAdmin(actor: Actor, message: string = authMessages.forbidden): void {
  if (!isAdmin(actor)) throw forbidden(message);
}
