import type { Db } from '../../db/database.js';

export async function insertPendingSignIn(
  db: Db,
  row: { stateDigest: string; nonce: string; codeVerifier: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('sso_pending_sign_ins')
    .values({
      state_digest: row.stateDigest,
      nonce: row.nonce,
      code_verifier: row.codeVerifier,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .execute();
}

/**
 * Spends a pending sign-in: reads it and deletes it, and answers it only to the one caller whose
 * delete removed the row, so that of two callbacks with one state at most one goes on.
 */
export async function takePendingSignIn(
  db: Db,
  stateDigest: string,
  now: string,
): Promise<{ nonce: string; codeVerifier: string } | undefined> {
  const row = await db
    .selectFrom('sso_pending_sign_ins')
    .select(['nonce', 'code_verifier', 'expires_at'])
    .where('state_digest', '=', stateDigest)
    .executeTakeFirst();
  if (!row) return undefined;
  const deleted = await db
    .deleteFrom('sso_pending_sign_ins')
    .where('state_digest', '=', stateDigest)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0 || row.expires_at <= now) return undefined;
  return { nonce: row.nonce, codeVerifier: row.code_verifier };
}

export async function insertHandoff(db: Db, row: { digest: string; userId: number; expiresAt: string }) {
  await db
    .insertInto('sso_handoffs')
    .values({ digest: row.digest, user_id: row.userId, expires_at: row.expiresAt })
    .execute();
}

/** Spends a hand-off code; answers its user only to the caller whose delete removed the row. */
export async function takeHandoff(db: Db, digest: string, now: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('sso_handoffs')
    .select(['user_id', 'expires_at'])
    .where('digest', '=', digest)
    .executeTakeFirst();
  if (!row) return undefined;
  const deleted = await db.deleteFrom('sso_handoffs').where('digest', '=', digest).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0 || row.expires_at <= now) return undefined;
  return row.user_id;
}

export async function findIdentityUserId(
  db: Db,
  issuer: string,
  subject: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('user_identities')
    .select('user_id')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id;
}

/** Links the user to the provider's subject; a link that another request made first is kept. */
export async function insertIdentity(
  db: Db,
  row: { userId: number; issuer: string; subject: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('user_identities')
    .values({ user_id: row.userId, issuer: row.issuer, subject: row.subject, created_at: row.createdAt })
    .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
    .execute();
}

export async function deleteExpiredSsoRows(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sso_pending_sign_ins').where('expires_at', '<=', now).execute();
  await db.deleteFrom('sso_handoffs').where('expires_at', '<=', now).execute();
}
