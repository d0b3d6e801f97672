import type { Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { type UserRow, userColumns } from '../users/user-reads.js';

export async function insertSession(
  db: Db,
  session: { id: string; userId: number; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

const sessionUser = prepared((db: Db, sessionId: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.expires_at as session_expires_at', ...userColumns])
    .where('sessions.id', '=', sessionId),
);

/** The session's expiry and its user, in one indexed lookup (built once): this runs on every request. */
export async function findSessionUser(
  db: Db,
  sessionId: string,
): Promise<{ expiresAt: string; user: UserRow } | undefined> {
  const [row] = await sessionUser(db, sessionId);
  if (!row) return undefined;
  const { session_expires_at, ...user } = row;
  return { expiresAt: session_expires_at, user };
}

/**
 * Of these sessions, each one still in the table with its expiry and its user's id, role and
 * status: the open live streams are checked against it every second, in one query per process.
 */
export async function findSessionStates(db: Db, sessionIds: string[]) {
  if (sessionIds.length === 0) return [];
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id', 'sessions.expires_at', 'users.id as user_id', 'users.role', 'users.is_active'])
    .where('sessions.id', 'in', sessionIds)
    .execute();
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
