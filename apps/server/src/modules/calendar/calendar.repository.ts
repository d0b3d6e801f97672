import type { Db } from '../../db/database.js';

/** The feed whose secret hashes to this, with its owner as the feed needs them. */
export async function findFeedByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('calendar_feeds')
    .innerJoin('users', 'users.id', 'calendar_feeds.user_id')
    .select([
      'calendar_feeds.token_hash',
      'users.id',
      'users.name',
      'users.email',
      'users.role',
      'users.is_active',
    ])
    .where('calendar_feeds.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function findFeedOf(db: Db, userId: number) {
  return db
    .selectFrom('calendar_feeds')
    .select(['created_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Creates the person's feed or replaces its secret, in one statement: the old one stops at once. */
export async function putFeed(db: Db, userId: number, tokenHash: string, at: string): Promise<void> {
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token_hash: tokenHash, created_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: at }))
    .execute();
}

export async function deleteFeed(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}
