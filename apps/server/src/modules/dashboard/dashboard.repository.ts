import type { Db } from '../../db/database.js';

/** The newest contact activities: creations, conversions and edits, newest first. */
export async function recentContactActivity(db: Db, limit: number) {
  return db
    .selectFrom('history')
    .innerJoin('contacts', 'contacts.id', 'history.contact_id')
    .innerJoin('users as owner', 'owner.id', 'contacts.owner_id')
    .leftJoin('users as actor', 'actor.id', 'history.user_id')
    .select([
      'history.id',
      'history.kind',
      'history.field',
      'history.old_value',
      'history.new_value',
      'history.created_at',
      'actor.name as user_name',
      'contacts.id as contact_id',
      'contacts.type as contact_type',
      'contacts.name',
      'contacts.surname',
      'contacts.created_at as contact_created_at',
      'owner.name as owner_name',
    ])
    .where('history.kind', 'in', ['created', 'conversion', 'edited'])
    .orderBy('history.created_at', 'desc')
    .orderBy('history.id', 'desc')
    .limit(limit)
    .execute();
}
