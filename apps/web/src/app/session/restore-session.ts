import { isTokenValid, type User } from '@crm/domain';
import { clearStoredSession, readStoredUser, readToken } from '../../lib/session-storage';

export type RestoredSession =
  | { state: 'signed-in'; user: User }
  | { state: 'signed-out' }
  | { state: 'expired' };

/** 000 §4: a stored user and token restore the session when the token has not expired. */
export function restoreSession(now: number = Date.now()): RestoredSession {
  const user = readStoredUser();
  const token = readToken();
  if (user && token) return isTokenValid(token, now) ? { state: 'signed-in', user } : { state: 'expired' };
  // Half a session (only one of the two items) is no session: tidy it away.
  if (user || token) clearStoredSession();
  return { state: 'signed-out' };
}
