import type { Db } from '../../db/database.js';

export interface SecondFactorRow {
  user_id: number;
  secret: string | null;
  enabled_at: string | null;
  last_time_step: number | null;
}

export async function findSecondFactor(db: Db, userId: number): Promise<SecondFactorRow | undefined> {
  const row = await db
    .selectFrom('second_factors')
    .select(['user_id', 'secret', 'enabled_at', 'last_time_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  // PostgreSQL answers a bigint as a string.
  return { ...row, last_time_step: row.last_time_step === null ? null : Number(row.last_time_step) };
}

/** A new pending secret: replaces an earlier pending one, never a confirmed one (the caller checks). */
export async function putPendingSecret(db: Db, userId: number, secret: string, at: string): Promise<void> {
  await db
    .insertInto('second_factors')
    .values({ user_id: userId, secret, enabled_at: null, last_time_step: null, created_at: at })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ secret, enabled_at: null, last_time_step: null, created_at: at }),
    )
    .execute();
}

/** Turns the pending secret on, unless it changed meanwhile; answers whether it did. */
export async function enableSecondFactor(
  db: Db,
  userId: number,
  secret: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('second_factors')
    .set({ enabled_at: at })
    .where('user_id', '=', userId)
    .where('secret', '=', secret)
    .where('enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records the time step of an accepted code, only if it is later than the last one: of two requests
 * carrying the same code, one wins and the other is a replay, on both engines.
 */
export async function claimTimeStep(db: Db, userId: number, timeStep: number): Promise<boolean> {
  const result = await db
    .updateTable('second_factors')
    .set({ last_time_step: timeStep })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', timeStep)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Off: the secret is forgotten; an admin's reset also says who and when. */
export async function clearSecondFactor(
  db: Db,
  userId: number,
  reset?: { by: number; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('second_factors')
    .set({
      secret: null,
      enabled_at: null,
      last_time_step: null,
      ...(reset ? { reset_by: reset.by, reset_at: reset.at } : {}),
    })
    .where('user_id', '=', userId)
    .where('secret', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: number, digests: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  if (digests.length > 0) {
    await db
      .insertInto('recovery_codes')
      .values(digests.map((digest) => ({ digest, user_id: userId, used_at: null })))
      .execute();
  }
}

/** Marks an unused code of this user used; answers whether there was one (so each works once). */
export async function useRecoveryCode(db: Db, userId: number, digest: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: at })
    .where('digest', '=', digest)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertChallenge(
  db: Db,
  challenge: { digest: string; userId: number; purpose: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('sign_in_challenges')
    .values({
      digest: challenge.digest,
      user_id: challenge.userId,
      purpose: challenge.purpose,
      expires_at: challenge.expiresAt,
    })
    .execute();
}

export async function findChallenge(
  db: Db,
  digest: string,
): Promise<{ user_id: number; purpose: string; expires_at: string } | undefined> {
  return db
    .selectFrom('sign_in_challenges')
    .select(['user_id', 'purpose', 'expires_at'])
    .where('digest', '=', digest)
    .executeTakeFirst();
}

/** Uses up a challenge; answers whether it was still there (two requests cannot both use it). */
export async function deleteChallenge(db: Db, digest: string): Promise<boolean> {
  const result = await db.deleteFrom('sign_in_challenges').where('digest', '=', digest).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteUserChallenges(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sign_in_challenges').where('user_id', '=', userId).execute();
}

export async function deleteExpiredChallenges(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sign_in_challenges').where('expires_at', '<=', now).execute();
}
