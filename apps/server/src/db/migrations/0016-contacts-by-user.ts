import type { Kysely } from 'kysely';

/**
 * A created-by or assigned-to `contains` filter finds its contacts through the users whose name
 * holds the text (contacts.repository.ts). The owner and assignee indexes now also hold the list's
 * type and state and the creation time, so those contacts are counted and sorted newest first from
 * the index alone: reading each one's row to test its type cost 1 µs a contact, and a surname such as
 * Loizou names 44 users with 2,700 active leads at a million contacts. The indexes keep serving
 * the lookups by owner and by assignee (a user's contacts, their deactivation), which read only
 * their first column.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('contacts_owner_scope')
    .on('contacts')
    .columns(['owner_id', 'type', 'is_active', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('contacts_assignee_scope')
    .on('contacts')
    .columns(['assigned_to_id', 'type', 'is_active', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('contacts_owner').execute();
  await db.schema.dropIndex('contacts_assignee').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('contacts_owner').on('contacts').column('owner_id').execute();
  await db.schema.createIndex('contacts_assignee').on('contacts').column('assigned_to_id').execute();
  await db.schema.dropIndex('contacts_owner_scope').execute();
  await db.schema.dropIndex('contacts_assignee_scope').execute();
}
