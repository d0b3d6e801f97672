import type { WriteScope } from '../records/write-scope.js';
import { deleteUserSessions } from './sessions.repository.js';

/**
 * A user deactivated or given a new password is signed out everywhere at once: their session rows
 * go in the same transaction (subscribed to 'user.signed-out' when the app is built).
 */
export async function endSessionsOf(w: WriteScope, { userId }: { userId: number }): Promise<void> {
  await deleteUserSessions(w.db, userId);
}
