import type { Db } from './database.js';

export async function getSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Stores the value unless the key already has one; answers the value that is now stored. */
export async function putSettingOnce(db: Db, key: string, value: string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await getSetting(db, key)) ?? value;
}

/** Stores the value, replacing any earlier one. */
export async function putSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
